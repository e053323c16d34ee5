import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

@Suite("API routes: Save as, PNG export, view PDF (the service on a temporary store)")
struct APIExportRouteTests {
    @Test func saveAsAnswersTheNewDocument() throws {
        try withRealAPI { port, _ in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=a", body: samplePDF).json()["id"] as? String)
            let copy = try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/save-as", body: Data(#"{"name":"b"}"#.utf8))
            #expect(copy.status == 201)
            #expect(try copy.json()["name"] as? String == "b" && copy.json()["id"] as? String != id)
            let bad = try TestHTTP.request(port: port, "POST", "/api/v1/documents/\(id)/save-as", body: Data(#"{"title":"b"}"#.utf8))
            #expect(bad.status == 400)
        }
    }

    /// Two pages: 612 × 792 and 528 × 612 points.
    static let twoPages: Data = {
        do {
            return try PDFRenderer().data { context in
                try context.beginPage(size: CGSize(width: 612, height: 792))
                try context.beginPage(size: CGSize(width: 528, height: 612))
            }
        } catch {
            fatalError("the two-page test PDF: \(error)")
        }
    }()

    /// A PNG's width and height, from its IHDR chunk.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func number(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(at: 16), number(at: 20))
    }

    @Test func exportTakesFormatPageAndScale() throws {
        try withRealAPI { port, _ in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=a", body: Self.twoPages).json()["id"] as? String)
            let png = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/export?format=png")
            #expect(png.status == 200 && png.headers["content-type"] == "image/png")
            #expect(Self.pngSize(png.body).map { [$0.width, $0.height] } == [612, 792], "a PDF page at 72 dpi")
            #expect(png.headers["content-disposition"] == #"inline; filename="a.png""#)
            let scaled = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/export?format=png&page=1&scale=1.5")
            #expect(Self.pngSize(scaled.body).map { [$0.width, $0.height] } == [792, 918], "page 1 (a landscape page) at 1.5")
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/export?format=png&page=2").status == 422)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/export?format=png&scale=0").status == 400)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/export?format=gif").status == 400)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/export?format=pdf").headers["content-type"] == "application/pdf")
        }
    }

    /// Found by Schemathesis (`negative_data_rejection`): `export?scale=101` without `format`
    /// answered 200, the PDF export never reading `scale`, though the schema and docs/api.md say
    /// a bad `scale` is 400.
    @Test(arguments: ["", "&format=pdf", "&format=png"])
    func aBadScaleOrPageIsRefusedWhateverTheFormat(format: String) throws {
        try withRealAPI { port, _ in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=a", body: samplePDF).json()["id"] as? String)
            for query in ["scale=101", "scale=0", "scale=nan", "page=-1", "page=x"] {
                let response = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/export?\(query)\(format)")
                #expect(response.status == 400, "\(query)\(format)")
                let message = (try response.json()["error"] as? [String: String])?["message"] ?? ""
                #expect(message.contains(query.prefix(while: { $0 != "=" })), "\(message)")
            }
        }
    }

    @Test func viewPDFTakesAPageAndARect() throws {
        try withRealAPI { port, _ in
            let id = try #require(try TestHTTP.request(port: port, "POST", "/api/v1/documents?name=a", body: Self.twoPages).json()["id"] as? String)
            let view = try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/view-pdf?page=1&rect=300,400,100,50")
            #expect(view.status == 200 && view.headers["content-type"] == "application/pdf")
            // The corners in either order: a page of the rect's 200 × 350 points.
            let region = try PDFDocument(data: view.body)
            #expect(try region.pageCount == 1)
            let box = try region.page(at: 0).bounds(for: .mediaBox)
            #expect(abs(box.width - 200) < 0.01 && abs(box.height - 350) < 0.01, "\(box)")
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/view-pdf?page=1").status == 400)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/view-pdf?rect=1,2,3").status == 400)
            #expect(try TestHTTP.request(port: port, "GET", "/api/v1/documents/\(id)/view-pdf?rect=1,2,3,x").status == 400)
        }
    }
}
