import Foundation
import Marginalia
import Testing

extension GenerationTests {
    /// The document as a whole: structure, metadata, fonts and writing to disk.
    @Suite("Document", .enabled(if: OutsideTools.available, "qpdf, poppler-utils or PyMuPDF is missing"))
    struct DocumentTests {
        static let metadata = DocumentMetadata(
            title: "Généré à la main", author: "Ada Lovelace", subject: "Generation tests",
            keywords: "pdf, swift, renderer", creator: "GenerationDocumentTests",
            creationDate: Date(timeIntervalSince1970: 1_700_000_000))

        /// A document that uses everything the context can write.
        static func everything(origin: PDFRenderer.Origin) throws -> Data {
            let renderer = PDFRenderer(metadata: metadata, defaultPageSize: CGSize(width: 400, height: 300), origin: origin)
            let helvetica = GenerationFixtures.helvetica
            return try renderer.data { context in
                try context.beginPage()
                try context.setStrokeColor(Color(red: 0, green: 0, blue: 1, alpha: 0.5))
                try context.setLineWidth(3)
                try context.setLineCap(.round)
                try context.setLineJoin(.bevel)
                try context.setLineDash([6, 3], phase: 1)
                try context.move(to: CGPoint(x: 10, y: 10))
                try context.addCurve(to: CGPoint(x: 200, y: 50), control1: CGPoint(x: 50, y: 100), control2: CGPoint(x: 150, y: 0))
                try context.addQuadCurve(to: CGPoint(x: 250, y: 80), control: CGPoint(x: 230, y: 10))
                try context.stroke()
                try context.saveState()
                try context.addEllipse(in: CGRect(x: 20, y: 120, width: 80, height: 40))
                try context.clip()
                try context.setAlpha(0.4)
                try context.fill(CGRect(x: 0, y: 100, width: 200, height: 100))
                try context.restoreState()
                try context.draw(try ImageDecoder.decode(Data(contentsOf: Self.fixture("rgba.png"))),
                                 in: CGRect(x: 250, y: 150, width: 64, height: 48))
                try context.draw("Café déjà vu", at: CGPoint(x: 20, y: 250), font: helvetica, size: 14)
                try context.addLink(toPage: 1, rect: CGRect(x: 20, y: 240, width: 100, height: 20))
                try context.beginPage(size: CGSize(width: 200, height: 200))
                try context.translate(x: 20, y: 20)
                try context.rotate(by: .pi / 6)
                try context.draw("Rotated", at: .zero, font: helvetica, size: 12)
                try context.addLink(url: URL(string: "https://example.com/")!, rect: CGRect(x: 0, y: 0, width: 40, height: 12))
            }
        }

        static func fixture(_ name: String) -> URL {
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Fixtures/images/\(name)")
        }

        @Test(arguments: [PDFRenderer.Origin.bottomLeft, .topLeft])
        func qpdfFindsNothingWrong(origin: PDFRenderer.Origin) throws {
            let pdf = try Self.everything(origin: origin)
            let result = try OutsideTools.withFile(pdf, name: "everything-\(origin)") {
                try OutsideTools.run("qpdf", ["--check", $0])
            }
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("No syntax or stream encoding errors found"))
            // One body and one cross-reference table: a fresh file, not an update of the seed.
            let text = String(decoding: pdf, as: UTF8.self)
            #expect(text.components(separatedBy: "startxref").count == 2)
            #expect(try OutsideTools.info(of: pdf)["Pages"] == "2")
        }

        @Test func infoDictionaryIsReadByPoppler() throws {
            let info = try OutsideTools.info(of: try Self.everything(origin: .topLeft))
            #expect(info["Title"] == "Généré à la main")
            #expect(info["Author"] == "Ada Lovelace")
            #expect(info["Subject"] == "Generation tests")
            #expect(info["Keywords"] == "pdf, swift, renderer")
            #expect(info["Creator"] == "GenerationDocumentTests")
            #expect(info["Producer"] == "Marginalia")
            #expect(info["Metadata Stream"] == "yes")
        }

        @Test func metadataAndXMPAreReadByPyMuPDF() throws {
            let result = try OutsideTools.pymupdf(try Self.everything(origin: .bottomLeft), """
                print(json.dumps({"meta": doc.metadata, "xmp": doc.get_xml_metadata()}))
                """)
            let object = try #require(result as? [String: Any])
            let meta = try #require(object["meta"] as? [String: Any])
            #expect(meta["title"] as? String == "Généré à la main")
            #expect(meta["author"] as? String == "Ada Lovelace")
            #expect(meta["subject"] as? String == "Generation tests")
            #expect(meta["keywords"] as? String == "pdf, swift, renderer")
            #expect(meta["creator"] as? String == "GenerationDocumentTests")
            #expect(meta["producer"] as? String == "Marginalia")
            #expect(meta["creationDate"] as? String == "D:20231114221320+00'00'")
            let xmp = try #require(object["xmp"] as? String)
            for expected in [
                "<rdf:li xml:lang=\"x-default\">Généré à la main</rdf:li>", "<rdf:li>Ada Lovelace</rdf:li>",
                "Generation tests", "<pdf:Keywords>pdf, swift, renderer</pdf:Keywords>",
                "<xmp:CreatorTool>GenerationDocumentTests</xmp:CreatorTool>", "<pdf:Producer>Marginalia</pdf:Producer>",
                "<xmp:CreateDate>2023-11-14T22:13:20+00:00</xmp:CreateDate>",
                "<xmp:ModifyDate>2023-11-14T22:13:20+00:00</xmp:ModifyDate>",
            ] {
                #expect(xmp.contains(expected), "XMP lacks \(expected)")
            }
        }

        @Test func xmpStreamIsTypedAndUncompressed() throws {
            let result = try OutsideTools.pymupdf(try Self.everything(origin: .bottomLeft), """
                catalog = doc.pdf_catalog()
                number = int(doc.xref_get_key(catalog, "Metadata")[1].split()[0])
                print(json.dumps([doc.xref_get_key(number, k)[1] for k in ["Type", "Subtype", "Filter"]]))
                """)
            let keys = try #require(result as? [String])
            #expect(keys.prefix(2) == ["/Metadata", "/XML"])
            #expect(keys.last == "null", "the XMP packet is compressed with \(keys.last ?? "?")")
        }

        @Test func eachFontIsMadeOnceAndNamedAlikeOnEveryPage() throws {
            let counting = CountingFont(StandardFont.timesRoman)
            let helvetica = GenerationFixtures.helvetica
            let renderer = PDFRenderer()
            let pdf = try renderer.data { context in
                for page in 0..<3 {
                    try context.beginPage()
                    if page > 0 { try context.draw("Helvetica", at: CGPoint(x: 72, y: 600), font: helvetica, size: 12) }
                    try context.draw("Page \(page + 1)", at: CGPoint(x: 72, y: 700), font: counting, size: 12)
                }
            }
            #expect(counting.dictionariesMade == 1)
            let result = try OutsideTools.pymupdf(pdf, """
                print(json.dumps([sorted([f[4], f[3], f[0]] for f in page.get_fonts()) for page in doc]))
                """)
            let pages = try #require(result as? [[[Any]]])
            #expect(pages.count == 3)
            let names = pages.map { $0.map { "\($0[0])=\($0[1])" } }
            #expect(names == [["F1=Times-Roman"], ["F1=Times-Roman", "F2=Helvetica"], ["F1=Times-Roman", "F2=Helvetica"]])
            let timesObjects = Set(pages.map { "\($0[0][2])" })
            #expect(timesObjects.count == 1, "one font dictionary shared by all pages")
            #expect(try OutsideTools.text(of: pdf, page: 2).contains("Page 3"))
        }

        @Test func aDocumentWithoutPagesGetsOneBlankPage() throws {
            let pdf = try PDFRenderer(defaultPageSize: CGSize(width: 300, height: 400)).data { _ in }
            let info = try OutsideTools.info(of: pdf)
            #expect(info["Pages"] == "1")
            #expect(info["Page size"]?.hasPrefix("300 x 400 pts") == true)
        }

        @Test func writeReplacesTheFileAtomicallyAndOnlyOnSuccess() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gen-write-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let url = directory.appendingPathComponent("out.pdf")
            let renderer = PDFRenderer(metadata: DocumentMetadata(title: "Written"))
            try renderer.write(to: url) { context in
                try context.beginPage()
                try context.draw("On disk", at: CGPoint(x: 72, y: 700), font: GenerationFixtures.helvetica, size: 12)
            }
            let written = try Data(contentsOf: url)
            #expect(written.starts(with: Array("%PDF-".utf8)))
            #expect(try OutsideTools.text(of: written).contains("On disk"))
            #expect(throws: GenerationError.self) {
                try renderer.write(to: url) { context in try context.saveState() }  // no page yet
            }
            #expect(try Data(contentsOf: url) == written, "a failed drawing leaves the file as it was")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.pdf"])
        }
    }
}

/// A standard font that counts how often its dictionary is made.
final class CountingFont: PDFFont {
    let face: StandardFontFace
    private(set) var dictionariesMade = 0

    init(_ font: StandardFont) {
        face = StandardFontFace(font)
    }

    var postScriptName: String { face.postScriptName }
    var ascent: Double { face.ascent }
    var descent: Double { face.descent }
    func hasGlyph(for character: Character) -> Bool { face.hasGlyph(for: character) }
    func width(of text: String, size: Double) -> Double { face.width(of: text, size: size) }
    func encode(_ text: String) -> (bytes: [UInt8], missing: [Character]) { face.encode(text) }
    func makeFontDictionary(add: (PDFObject) -> PDFReference) throws -> PDFReference {
        dictionariesMade += 1
        return try face.makeFontDictionary(add: add)
    }
}
