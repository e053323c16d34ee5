import Testing
@testable import PDFCore

/// Files whose cross-reference chain loops, or whose page tree reaches no page although the
/// file holds pages (issue 13): damaged, and repaired by scanning with a warning, as qpdf
/// does for loops ("loop detected following xref tables ... Attempting to reconstruct
/// cross-reference table"). Loops are repaired on opening; a tree without pages when the
/// document layer counts none (``PDFFile/repairLostPages()``).
@Suite("Cross-reference loops and lost pages")
struct CrossReferenceDamageTests {
    static let pages: [Int: String] = [
        1: "<</Type/Catalog/Pages 2 0 R>>",
        2: "<</Type/Pages/Kids[3 0 R 4 0 R 5 0 R]/Count 3>>",
        3: "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>",
        4: "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>",
        5: "<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 400]>>",
        6: "<</Title(First)>>",
    ]

    /// A file of classic sections, oldest first: each defines `objects` and points with
    /// `/Prev` at the section whose index `prevs` gives (nil: none). Objects in `free` are
    /// listed as free although they are in the file.
    static func file(_ sections: [[Int: String]], prevs: [Int?], root: Int = 1, free: Set<Int> = []) -> [UInt8] {
        var out = Array("%PDF-1.4\n%\u{00E2}\u{00E3}\n".utf8)
        var starts: [Int] = []
        var placeholders: [(at: Int, section: Int)] = []
        for (index, objects) in sections.enumerated() {
            var offsets: [Int: Int] = [:]
            for number in objects.keys.sorted() {
                offsets[number] = out.count
                out += Array("\(number) 0 obj\n\(objects[number]!)\nendobj\n".utf8)
            }
            starts.append(out.count)
            var text = "xref\n"
            if index == 0 { text += "0 1\n0000000000 65535 f\r\n" }
            for number in offsets.keys.sorted() {
                text += free.contains(number) ? "\(number) 1\n0000000000 00001 f\r\n" : "\(number) 1\n\(pad(offsets[number]!)) 00000 n\r\n"
            }
            text += "trailer\n<</Size 20/Root \(root) 0 R/Info 6 0 R"
            out += Array(text.utf8)
            if let prev = prevs[index] {
                out += Array("/Prev ".utf8)
                placeholders.append((out.count, prev))
                out += Array(pad(0).utf8)  // ten digits, filled in once every section's offset is known
            }
            out += Array(">>\nstartxref\n\(starts[index])\n%%EOF\n".utf8)
        }
        for (at, section) in placeholders {
            out.replaceSubrange(at..<(at + 10), with: Array(pad(starts[section]).utf8))
        }
        return out
    }

    static func pad(_ value: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, 10 - text.count)) + text
    }

    static func title(_ file: PDFFile) throws -> String? {
        try file.dictionary(file.trailer["Info"])?["Title"]?.stringBytes.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func loopOfTwoSectionsIsRepaired() throws {
        // The newest section's /Prev is the older one, whose /Prev points back at the newest.
        let file = try PDFFile(source: ByteSource(bytes: Self.file([Self.pages, [6: "<</Title(Second)>>"]], prevs: [1, 0])))
        #expect(file.isRepaired)
        #expect(file.warnings.contains { $0.contains("cross-reference sections loop") }, "\(file.warnings)")
        #expect(file.pageTreeHasPages())
        #expect(try Self.title(file) == "Second", "the newest definition still wins")
    }

    @Test func loopBackToTheNewestFindsThePages() throws {
        // Three sections; the middle one's /Prev leads back to the newest, so the oldest one,
        // which holds the page tree, is never reached: read as it is, the document has no pages.
        let bytes = Self.file([Self.pages, [6: "<</Title(Second)>>"], [1: "<</Type/Catalog/Pages 2 0 R>>", 6: "<</Title(Third)>>"]],
                              prevs: [nil, 2, 1])
        let file = try PDFFile(source: ByteSource(bytes: bytes))
        #expect(file.isRepaired)
        #expect(file.warnings.contains { $0.contains("loop") })
        #expect(try file.object(for: PDFReference(5, 0)).dictionaryValue?["MediaBox"] == [0, 0, 300, 400])
        #expect(try Self.title(file) == "Third")
    }

    @Test func sectionThatIsItsOwnPrevIsRepaired() throws {
        let file = try PDFFile(source: ByteSource(bytes: Self.file([Self.pages], prevs: [0])))
        #expect(file.isRepaired)
        #expect(file.warnings.contains { $0.contains("loop") })
        #expect(file.pageTreeHasPages())
    }

    @Test func pageTreeMarkedFreeIsFoundByScanning() throws {
        let file = try PDFFile(source: ByteSource(bytes: Self.file([Self.pages], prevs: [nil], free: [2])))
        #expect(!file.pageTreeHasPages())
        #expect(try file.repairLostPages())
        #expect(file.isRepaired)
        #expect(file.warnings.contains { $0.contains("page tree has no pages") }, "\(file.warnings)")
        #expect(file.pageTreeHasPages())
    }

    @Test func rootWithAnEmptyTreeGivesWayToTheCatalogWithPages() throws {
        var objects = Self.pages
        objects[10] = "<</Type/Catalog/Pages 11 0 R>>"
        objects[11] = "<</Type/Pages/Kids[]/Count 0>>"
        let file = try PDFFile(source: ByteSource(bytes: Self.file([objects], prevs: [nil], root: 10)))
        #expect(try file.repairLostPages())
        #expect(file.isRepaired)
        #expect(file.trailer["Root"] == .reference(PDFReference(1, 0)))
        #expect(file.warnings.contains { $0.contains("object 1") }, "\(file.warnings)")
        #expect(file.pageTreeHasPages())
    }

    @Test func documentWithoutPagesAnywhereIsNotDamaged() throws {
        let empty: [Int: String] = [1: "<</Type/Catalog/Pages 2 0 R>>", 2: "<</Type/Pages/Kids[]/Count 0>>", 6: "<</Title(Empty)>>"]
        let file = try PDFFile(source: ByteSource(bytes: Self.file([empty], prevs: [nil])))
        #expect(try !file.repairLostPages())
        #expect(!file.isRepaired)
        #expect(file.warnings.isEmpty)
        #expect(!file.pageTreeHasPages())
        #expect(try Self.title(file) == "Empty")
    }

    @Test(arguments: [TestPDF.Flavour.classic, .xrefStream, .objectStreams, .hybrid, .incremental])
    func soundFilesAreNotRepaired(flavour: TestPDF.Flavour) throws {
        let file = try TestPDF.open(flavour)
        #expect(file.pageTreeHasPages())
        #expect(try !file.repairLostPages())
        #expect(!file.isRepaired)
    }
}
