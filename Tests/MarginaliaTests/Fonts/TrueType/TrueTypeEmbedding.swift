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
        let encoded = lines.map { font.encode($0).bytes }
        return try onePagePDF(codes: encoded, size: size) { try font.makeFontDictionary(add: $0.add) }
    }

    /// A letter-sized page showing each of `codes` (string operands) in the font that `font`
    /// adds to the file, as above.
    static func onePagePDF(codes: [[UInt8]], size: Int, font: (PDFFile) throws -> PDFReference) throws -> (pdf: [UInt8], file: PDFFile) {
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
        var content = "BT /F1 \(size) Tf 72 700 Td \(size + 6) TL\n"
        for line in codes {
            content += "<\(line.map { String(format: "%02X", $0) }.joined())> Tj T*\n"
        }
        content += "ET"
        let contents = file.add(.stream(try PDFStream.compressing(Array(content.utf8), dictionary: PDFDictionary())))
        let fontReference = try font(file)
        let pageReference = PDFReference(3)
        var page = try #require(try file.dictionary(.reference(pageReference)))
        let fonts = PDFDictionary(["F1": .reference(fontReference)])
        page["Resources"] = .dictionary(PDFDictionary(["Font": .dictionary(fonts)]))
        page["Contents"] = .reference(contents)
        file.update(pageReference, with: .dictionary(page))
        let pdf = try file.dataRepresentation(options: PDFWriteOptions(mode: .compact))
        return (pdf, try PDFFile(source: ByteSource(bytes: pdf)))
    }

    /// The whole of `original`'s font file embedded the same way, without subsetting: codes
    /// are the original glyph IDs. The reference the subset must render like.
    static func wholeFontPDF(original: TrueTypeFont, bytes: [UInt8], lines: [String], size: Int) throws -> [UInt8] {
        var glyphs: Set<Int> = []
        let codes = lines.map { line in
            line.flatMap { original.glyphs(for: $0).glyphs.map(\.glyph) }.flatMap { glyph -> [UInt8] in
                glyphs.insert(glyph)
                return [UInt8(glyph >> 8), UInt8(glyph & 0xFF)]
            }
        }
        return try onePagePDF(codes: codes, size: size) { file in
            let program = try PDFStream.compressing(bytes, dictionary: PDFDictionary(["Length1": .integer(bytes.count)]))
            let descriptor = PDFDictionary([
                ("Type", .name("FontDescriptor")), ("FontName", .name("DejaVuSans")), ("Flags", .integer(4)),
                ("FontBBox", .array([-1021, -463, 1793, 1232].map { .integer($0) })), ("ItalicAngle", .integer(0)),
                ("Ascent", .real(original.ascent)), ("Descent", .real(original.descent)), ("CapHeight", .integer(729)),
                ("StemV", .integer(85)), ("FontFile2", .reference(file.add(.stream(program)))),
            ])
            let widths = glyphs.sorted().flatMap { [PDFObject.integer($0), .array([.real(original.advanceWidth(ofGlyph: $0))])] }
            let cidFont = PDFDictionary([
                ("Type", .name("Font")), ("Subtype", .name("CIDFontType2")), ("BaseFont", .name("DejaVuSans")),
                ("CIDSystemInfo", .dictionary(PDFDictionary([("Registry", .string(Array("Adobe".utf8))),
                                                             ("Ordering", .string(Array("Identity".utf8))), ("Supplement", .integer(0))]))),
                ("FontDescriptor", .reference(file.add(.dictionary(descriptor)))),
                ("W", .array(widths)), ("CIDToGIDMap", .name("Identity")),
            ])
            return file.add(.dictionary(PDFDictionary([
                ("Type", .name("Font")), ("Subtype", .name("Type0")), ("BaseFont", .name("DejaVuSans")),
                ("Encoding", .name("Identity-H")), ("DescendantFonts", .array([.reference(file.add(.dictionary(cidFont)))])),
            ])))
        }.pdf
    }

    /// A grey render of the page by pdftoppm: width, height, one byte per pixel, and what
    /// pdftoppm wrote to standard error (poppler's complaints about the font go there).
    static func render(_ path: String, dpi: Int) throws -> (width: Int, height: Int, pixels: [UInt8], errors: String) {
        let output = path + "-render"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(TrueTypeFixtures.tool("pdftoppm")))
        process.arguments = ["-gray", "-r", "\(dpi)", "-singlefile", path, output]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "pdftoppm failed: \(message)")
        let pgm = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output + ".pgm")))
        try? FileManager.default.removeItem(atPath: output + ".pgm")
        // Binary PGM: "P5", width, height, maximum value, each followed by one whitespace.
        var fields: [Int] = []
        var index = 2
        while fields.count < 3 {
            while index < pgm.count, pgm[index] == 0x20 || pgm[index] == 0x0A { index += 1 }
            var value = 0
            while index < pgm.count, (0x30...0x39).contains(pgm[index]) { value = value * 10 + Int(pgm[index] - 0x30); index += 1 }
            fields.append(value)
        }
        return (fields[0], fields[1], Array(pgm[(index + 1)...]), message)
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
