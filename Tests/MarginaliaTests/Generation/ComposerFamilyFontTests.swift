import Foundation
import Testing
@testable import Marginalia

extension GenerationTests {
    /// `DocumentComposer` (what `marginalia create` runs) draws standard-font text beyond
    /// WinAnsi in the fonts annotations' text is drawn in: the family's URW font first
    /// (docs/generation.md, "Fonts").
    @Suite("Composer family fonts", .enabled(if: OutsideTools.available && HarfBuzzFont.isAvailable
                                             && ChosenFonts.path(for: .helvetica) != nil, "tools, HarfBuzz or URW fonts missing"))
    struct ComposerFamilyFontTests {
        static let markdown = "# Ωμέγα\n\nPlain text.\n\nΓειά σου **κόσμε**\n"

        /// The font of each span PyMuPDF reads, subset tags dropped, with its text.
        static func spans(_ pdf: Data) throws -> [[String]] {
            let script = """
                spans = [[s["font"].split("+")[-1], s["text"].strip()] for b in doc[0].get_text("dict")["blocks"]
                         for l in b.get("lines", []) for s in l["spans"] if s["text"].strip()]
                print(json.dumps(spans))
                """
            return try #require(try OutsideTools.pymupdf(pdf, script) as? [[String]])
        }

        @Test func greekInHelveticaEmbedsNimbusSansInTheRunsWeight() throws {
            let composer = DocumentComposer()
            let (pdf, warnings) = try composer.compose(MarkdownDocument.parse(Self.markdown), metadata: DocumentMetadata())
            #expect(warnings.isEmpty, "\(warnings)")
            let spans = try Self.spans(pdf)
            #expect(spans == [["NimbusSans-Bold", "Ωμέγα"], ["Helvetica", "Plain text."],
                              ["NimbusSans-Regular", "Γειά σου"], ["NimbusSans-Bold", "κόσμε"]], "\(spans)")
        }

        @Test func withoutFamilyFontsGreekIsReportedAsMissing() throws {
            var composer = DocumentComposer()
            composer.embedsFamilyFonts = false
            let (pdf, warnings) = try composer.compose(MarkdownDocument.parse(Self.markdown), metadata: DocumentMetadata())
            #expect(warnings.count == 2 && warnings.allSatisfy { $0.contains("has no glyph") }, "\(warnings)")
            #expect(try Self.spans(pdf).allSatisfy { $0[0].hasPrefix("Helvetica") })
        }
    }
}
