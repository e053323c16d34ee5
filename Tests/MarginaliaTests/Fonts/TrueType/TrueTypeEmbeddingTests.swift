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

        @Test func fontObjectsSayWhatTheSpecificationAsks() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            let (_, file) = try TrueTypeEmbedding.onePagePDF(font: font, lines: ["Hello Ωμέγα"])
            let (type0, cidFont, descriptor, fontFile) = try TrueTypeEmbedding.fontObjects(file)
            let name = PDFObject.name(font.postScriptName)
            #expect(type0["Subtype"] == .name("Type0") && type0["Encoding"] == .name("Identity-H"))
            #expect(type0["BaseFont"] == name && cidFont["BaseFont"] == name && descriptor["FontName"] == name)
            #expect(cidFont["Subtype"] == .name("CIDFontType2") && cidFont["CIDToGIDMap"] == .name("Identity"))
            let info = try #require(try file.dictionary(cidFont["CIDSystemInfo"]))
            #expect(info["Registry"] == .string(Array("Adobe".utf8)) && info["Ordering"] == .string(Array("Identity".utf8)))
            #expect(info["Supplement"] == .integer(0))
            #expect(cidFont["DW"] == .integer(600)) // .notdef: 1229 units
            // .notdef and the glyphs shown, CIDs 1-10 (H e l o space Ω μ έ γ α): one run of widths.
            let widths = try #require(cidFont["W"]?.arrayValue)
            #expect(widths.count == 2 && widths.first == .integer(0))
            #expect(widths.last?.arrayValue?.count == 11)
            #expect(widths.last?.arrayValue?.prefix(2) == [.real(600.1), .real(751.95)]) // .notdef 1229, H 1540 units
            #expect(descriptor["Flags"] == .integer(4))
            #expect(descriptor["FontBBox"] == .array([-1021, -463, 1793, 1232].map { .integer($0) }))
            #expect(descriptor["ItalicAngle"] == .integer(0))
            #expect(descriptor["Ascent"] == .real(928.22) && descriptor["Descent"] == .real(-235.84))
            #expect(descriptor["CapHeight"] == .integer(729)) // the top of "H": 1493 units
            #expect(descriptor["StemV"] == .integer(85))
            let program = try fontFile.decodedBytes()
            #expect(fontFile.dictionary["Length1"] == .integer(program.count))
            #expect(fontFile.filterNames == ["FlateDecode"])
            #expect(try TrueTypeFont(data: Data(program)).glyphID(for: "H") == 1)
        }

        @Test func toUnicodeMapReadsBackThroughPoppler() throws {
            // Characters outside the BMP (surrogate pairs), a combining mark, a glyph shared by
            // two characters? DejaVu maps U+00A0 to its own glyph, so: repeated letters.
            let font = try TrueTypeFixtures.dejaVuSans()
            let text = "abc 𐌀𐌁 e\u{301} abc"
            let (pdf, _) = try TrueTypeEmbedding.onePagePDF(font: font, lines: [text])
            try TrueTypeEmbedding.withFile(pdf, name: "truetype-tounicode") { path in
                let result = try TrueTypeFixtures.run(try #require(TrueTypeFixtures.tool("pdftotext")), [path, "-"])
                #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
                        == text.precomposedStringWithCanonicalMapping)
            }
        }

        /// The line, composite glyphs (some nested), a character outside the BMP and one
        /// DejaVu lacks (.notdef's box): the subset must draw exactly as the whole font.
        static let renderLines = [
            line,
            "ÀÉÎÕÜ àéîõü ǕǖǞǟ ŒœŠšŽž",
            "ﬁ € ¼ ½ ‰ 𐌀 中 e\u{301}",
        ]

        @Test func subsetRendersLikeTheWholeFont() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            let (subsetPDF, _) = try TrueTypeEmbedding.onePagePDF(font: font, lines: Self.renderLines, size: 30)
            let wholePDF = try TrueTypeEmbedding.wholeFontPDF(original: try TrueTypeFixtures.dejaVuSans(),
                                                              bytes: try TrueTypeFixtures.dejaVuSansBytes(),
                                                              lines: Self.renderLines, size: 30)
            let subset = try TrueTypeEmbedding.withFile(subsetPDF, name: "truetype-subset") { try TrueTypeEmbedding.render($0, dpi: 60) }
            let whole = try TrueTypeEmbedding.withFile(wholePDF, name: "truetype-whole") { try TrueTypeEmbedding.render($0, dpi: 60) }
            #expect(subset.errors.isEmpty, "\(subset.errors)")
            #expect(subset.width == whole.width && subset.height == whole.height)
            // Ink on the page: the glyphs drew (letters at 30 pt cover thousands of pixels at 60 dpi).
            let inked = subset.pixels.filter { $0 < 128 }.count
            #expect(inked > 2000)
            let different = zip(subset.pixels, whole.pixels).filter { abs(Int($0) - Int($1)) > 8 }.count
            #expect(different == 0, "\(different) pixels differ from the whole font's render")
        }

        @Test func popplerPlacesTheLineWhereWidthSaysItEnds() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            let (pdf, _) = try TrueTypeEmbedding.onePagePDF(font: font, lines: [Self.line])
            try TrueTypeEmbedding.withFile(pdf, name: "truetype-bbox") { path in
                let result = try TrueTypeFixtures.run(try #require(TrueTypeFixtures.tool("pdftotext")), ["-bbox", path, "-"])
                // <word xMin="72.000000" yMin=... xMax="..." ...>Привет</word>: the last word ends the line.
                let words = result.output.components(separatedBy: "<word ").dropFirst()
                let last = try #require(words.last)
                let xMax = try #require(last.components(separatedBy: "xMax=\"").dropFirst().first?.split(separator: "\"").first)
                let expected = 72 + font.width(of: Self.line, size: 24)
                #expect(abs(try #require(Double(xMax)) - expected) < 0.01, "poppler: \(xMax), width(of:): \(expected)")
            }
        }

        @Test func sizesOfTheEmbeddedSubset() throws {
            let font = try TrueTypeFixtures.dejaVuSans()
            let (linePDF, lineFile) = try TrueTypeEmbedding.onePagePDF(font: font, lines: [Self.line])
            let lineProgram = try TrueTypeEmbedding.fontObjects(lineFile).fontFile
            #expect(lineProgram.rawBytes.count < 20_000)

            // A page of Latin text: every ASCII letter, digit and mark, and the accented letters.
            let latin = try TrueTypeFixtures.dejaVuSans()
            let sentences = [
                "The quick brown fox jumps over the lazy dog; 0123456789 (\"quotes\", 'marks') & more!",
                "PACK MY BOX WITH FIVE DOZEN LIQUOR JUGS? #1 @ 50% + $3 = [x] {y} <z> ~ ^ _ | \\ / *",
                "À bientôt, garçon: l'été où Zoë et Françoise mangèrent des crêpes à Noël.",
                "Über Größe, Maß und Fuß: schön, ähnlich, Ärger, Öl, Übel, Straße.",
                "Señor Núñez, ¿qué tal? ¡Año nuevo! Ação, coração, João, Ñandú, ÿ, Ý, þ, Þ, ð, Ð.",
            ]
            let lines = (0..<20).map { sentences[$0 % sentences.count] }
            let (pagePDF, pageFile) = try TrueTypeEmbedding.onePagePDF(font: latin, lines: lines, size: 10)
            let pageProgram = try TrueTypeEmbedding.fontObjects(pageFile).fontFile
            #expect(pagePDF.count < 40_000)
            print("TrueType sizes: line PDF \(linePDF.count) B, its FontFile2 \(lineProgram.rawBytes.count) B compressed "
                  + "(\(try lineProgram.decodedBytes().count) B); Latin page PDF \(pagePDF.count) B, FontFile2 "
                  + "\(pageProgram.rawBytes.count) B compressed (\(try pageProgram.decodedBytes().count) B), \(latin.usedGlyphCount) glyphs")
        }
    }
}
