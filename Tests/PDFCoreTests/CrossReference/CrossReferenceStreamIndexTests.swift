// A cross-reference stream's /Index ranges (ISO 32000-2, 7.5.8.2): the first row for a number wins.
import Testing
@testable import PDFCore

@Suite("Cross-reference stream /Index")
struct CrossReferenceStreamIndexTests {
    /// Two definitions of the catalog (object 1) and a cross-reference stream whose rows are
    /// laid out by `index`, `rows` naming for each row the object at that offset: "first",
    /// "second" (the two catalogs), "pages" or "free".
    static func file(index: [Int], rows: [String]) throws -> PDFFile {
        var bytes = Array("%PDF-1.5\n".utf8)
        var offsets: [String: Int] = [:]
        for (name, text) in [("first", "1 0 obj <</Type/Catalog/Pages 2 0 R/Marker (first)>> endobj\n"),
                             ("second", "1 0 obj <</Type/Catalog/Pages 2 0 R/Marker (second)>> endobj\n"),
                             ("pages", "2 0 obj <</Type/Pages/Kids []/Count 0>> endobj\n")] {
            offsets[name] = bytes.count
            bytes += Array(text.utf8)
        }
        let xrefOffset = bytes.count
        offsets["xref"] = xrefOffset
        var data: [UInt8] = []
        for row in rows {
            let offset = offsets[row] ?? 0
            data += [row == "free" ? 0 : 1, UInt8(offset >> 8), UInt8(offset & 0xFF), row == "free" ? 0xFF : 0]
        }
        let indexText = index.map(String.init).joined(separator: " ")
        bytes += Array("3 0 obj <</Type/XRef/Size 4/W [1 2 1]/Index [\(indexText)]/Root 1 0 R/Length \(data.count)>>\nstream\n".utf8)
        bytes += data
        bytes += Array("\nendstream\nendobj\nstartxref\n\(xrefOffset)\n%%EOF\n".utf8)
        return try PDFFile(source: ByteSource(bytes: bytes))
    }

    @Test func aNumberInTwoRangesTakesItsFirstRow() throws {
        let file = try Self.file(index: [0, 3, 1, 1, 3, 1], rows: ["free", "first", "pages", "second", "xref"])
        #expect(try file.catalog()["Marker"] == .string(Array("first".utf8)))
        #expect(!file.isRepaired)
    }

    @Test func rangesApartReadEveryRow() throws {
        let file = try Self.file(index: [0, 1, 1, 3], rows: ["free", "second", "pages", "xref"])
        #expect(try file.catalog()["Marker"] == .string(Array("second".utf8)))
        #expect(file.crossReference.entries.count == 4)
        #expect(!file.isRepaired)
    }

    @Test(arguments: [
        ([(0, 3), (1, 1)], true), ([(0, 3), (3, 1)], false), ([(5, 2), (0, 6)], true), ([(5, 2), (0, 5)], false),
        ([(0, 0), (0, 4)], false), ([(2, 2), (2, 2)], true), ([(0, 2)], false), ([(-5, 10), (0, 1)], false),
    ])
    func overlapIsFoundInAnyOrder(ranges: [(Int, Int)], overlaps: Bool) {
        #expect(CrossReferenceReader.overlap(ranges) == overlaps)
    }
}
