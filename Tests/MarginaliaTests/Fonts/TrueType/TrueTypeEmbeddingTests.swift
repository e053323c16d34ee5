import Foundation
import PDFCore
import Testing
@testable import Marginalia

/// One-page PDFs showing text in an embedded subset, checked with poppler and qpdf.
enum TrueTypeEmbedding {
    static let hasTools = ["pdftotext", "pdffonts", "qpdf", "pdftoppm"].allSatisfy { TrueTypeFixtures.tool($0) != nil }

    /// A letter-sized page showing each of `lines` at `size` pt, 30 pt apart from (72, 700), in
    /// `font` as /F1, saved compact; and the saved file reopened.
    static func onePagePDF(font: TrueTypeFont, lines: [String], size: Int = 24) throws -> (pdf: [UInt8], file: PDFFile) {
        var document = "%PDF-1.7\n"
        var offsets: [Int] = []
        for body in ["<</Type/Catalog/Pages 2 0 R>>", "<</Type/Pages/Kids[3 0 R]/Count 1>>",
                     "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>"] {
            offsets.append(document.utf8.count)
            document += "\(offsets.count) 0 obj\n\(body)\nendobj\n"
        }
        let start = document.utf8.count
        document += "xref\n0 4\n0000000000 65535 f\r\n"
        for offset in offsets { document += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n\r\n" }
        document += "trailer\n<</Size 4/Root 1 0 R>>\nstartxref\n\(start)\n%%EOF\n"

        let file = try PDFFile(source: ByteSource(bytes: Array(document.utf8)))
        var content = "BT /F1 \(size) Tf 72 700 Td 30 TL\n"
        for line in lines {
            let hex = font.encode(line).bytes.map { String(format: "%02X", $0) }.joined()
            content += "<\(hex)> Tj T*\n"
        }
        content += "ET"
        let contents = file.add(.stream(PDFStream(dictionary: PDFDictionary(), rawBytes: Array(content.utf8))))
        let fontReference = try font.makeFontDictionary(add: file.add)
        let pageReference = PDFReference(3)
        var page = try #require(try file.dictionary(.reference(pageReference)))
        let fonts = PDFDictionary(["F1": .reference(fontReference)])
        page["Resources"] = .dictionary(PDFDictionary(["Font": .dictionary(fonts)]))
        page["Contents"] = .reference(contents)
        file.update(pageReference, with: .dictionary(page))
        let pdf = try file.dataRepresentation(options: PDFWriteOptions(mode: .compact))
        return (pdf, try PDFFile(source: ByteSource(bytes: pdf)))
    }

    /// The font dictionaries of the saved file: Type0, its CIDFont, descriptor, font file stream.
    static func fontObjects(_ file: PDFFile) throws -> (type0: PDFDictionary, cidFont: PDFDictionary, descriptor: PDFDictionary, fontFile: PDFStream) {
        let pageNumber = try #require(try pageNumber(file))
        let page = try #require(try file.dictionary(.reference(PDFReference(pageNumber))))
        let resources = try #require(try file.dictionary(page["Resources"]))
        let fonts = try #require(try file.dictionary(resources["Font"]))
        let type0 = try #require(try file.dictionary(fonts["F1"]))
        let descendants = try #require(try file.resolve(type0["DescendantFonts"] ?? .null).arrayValue)
        let cidFont = try #require(try file.dictionary(descendants.first))
        let descriptor = try #require(try file.dictionary(cidFont["FontDescriptor"]))
        guard case .stream(let fontFile) = try file.resolve(descriptor["FontFile2"] ?? .null) else {
            throw FontError.missingTable(tag: "FontFile2")
        }
        return (type0, cidFont, descriptor, fontFile)
    }

    private static func pageNumber(_ file: PDFFile) throws -> Int? {
        let catalog = try file.catalog()
        let pages = try file.dictionary(catalog["Pages"])
        return pages?["Kids"]?.arrayValue?.first?.referenceValue?.number
    }

    /// Writes `pdf` to a temporary file, runs `body` on its path, removes it. With
    /// `MARGINALIA_KEEP_RENDERS=<directory>` the PDF and a 60 dpi render are kept as `<name>`.
    static func withFile<T>(_ pdf: [UInt8], name: String, _ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marginalia-truetype-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("\(name).pdf").path
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        if let keep = ProcessInfo.processInfo.environment["MARGINALIA_KEEP_RENDERS"], let pdftoppm = TrueTypeFixtures.tool("pdftoppm") {
            try? FileManager.default.removeItem(atPath: keep + "/\(name).pdf")
            try? FileManager.default.copyItem(atPath: path, toPath: keep + "/\(name).pdf")
            _ = try? TrueTypeFixtures.run(pdftoppm, ["-png", "-r", "60", "-singlefile", path, keep + "/\(name)"])
        }
        return try body(path)
    }
}

extension TrueTypeTests {
    @Suite("Embedded in a PDF", .enabled(if: TrueTypeFixtures.hasDejaVu && TrueTypeEmbedding.hasTools, "DejaVu Sans or poppler/qpdf missing"))
    struct TrueTypeEmbeddingTests {
        static let line = "Héllo wörld Ωμέγα Привет"

        @Test func popplerExtractsTheTextAndListsAnEmbeddedSubset() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            let (pdf, _) = try TrueTypeEmbedding.onePagePDF(font: font, lines: [Self.line])
            try TrueTypeEmbedding.withFile(pdf, name: "truetype-line") { path in
                let text = try TrueTypeFixtures.run(try #require(TrueTypeFixtures.tool("pdftotext")), ["-layout", path, "-"])
                #expect(text.status == 0)
                #expect(text.output.trimmingCharacters(in: .whitespacesAndNewlines) == Self.line)

                let fonts = try TrueTypeFixtures.run(try #require(TrueTypeFixtures.tool("pdffonts")), [path])
                #expect(fonts.status == 0)
                let row = try #require(fonts.output.split(separator: "\n").last.map(String.init))
                let columns = row.split(separator: " ").map(String.init)
                // name, type "CID TrueType", encoding Identity-H, emb sub uni, object, generation.
                #expect(columns.first == font.postScriptName)
                #expect(columns.first?.range(of: "^[A-Z]{6}\\+DejaVuSans$", options: .regularExpression) != nil)
                #expect(row.contains("CID TrueType"))
                #expect(row.contains("Identity-H"))
                #expect(columns.dropLast(2).suffix(3) == ["yes", "yes", "yes"], "\(row)")

                let check = try TrueTypeFixtures.run(try #require(TrueTypeFixtures.tool("qpdf")), ["--check", path])
                #expect(check.status == 0, "\(check.output)")
                #expect(check.output.contains("No syntax or stream encoding errors found"))
            }
        }
    }
}
