import Testing
@testable import MarginaliaCLI
import MarginaliaServer

/// Where `serve` takes pdf.js from (docs/editor-web.md, "pdf.js"): `--pdfjs`, else
/// `MARGINALIA_PDFJS`, else where scripts/install-deps.sh puts it.
@Suite("serve: the pdf.js folder")
struct ServePdfjsOptionTests {
    @Test func theOptionWinsOverTheEnvironment() throws {
        let options = try ServeCommand.parse(["--pdfjs", "/opt/pdfjs"], environment: ["MARGINALIA_PDFJS": "/srv/pdfjs"])
        #expect(options.pdfjsDirectory == "/opt/pdfjs")
    }

    @Test func theEnvironmentWinsOverTheDefault() throws {
        #expect(try ServeCommand.parse([], environment: ["MARGINALIA_PDFJS": "/srv/pdfjs"]).pdfjsDirectory == "/srv/pdfjs")
    }

    @Test func theDefaultIsWhereInstallDepsPutsIt() throws {
        for environment in [[:], ["MARGINALIA_PDFJS": ""]] {
            #expect(try ServeCommand.parse([], environment: environment).pdfjsDirectory
                    == "/usr/local/share/marginalia/pdfjs-6.4.299")
        }
    }
}
