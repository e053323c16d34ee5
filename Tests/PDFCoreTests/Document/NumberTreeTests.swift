import Testing
@testable import PDFCore

@Suite("Number trees")
struct NumberTreeTests {
    /// A file of these object bodies (1 the catalog) with a classic cross-reference table.
    static func file(_ objects: [Int: String]) throws -> PDFFile {
        var text = "%PDF-1.7\n"
        var offsets: [Int: Int] = [:]
        for number in objects.keys.sorted() {
            offsets[number] = text.utf8.count
            text += "\(number) 0 obj\n\(objects[number]!)\nendobj\n"
        }
        let start = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f\r\n"
        for number in 1...objects.count { text += TestPDF.pad(offsets[number]!) + " 00000 n\r\n" }
        text += "trailer\n<</Size \(objects.count + 1)/Root 1 0 R>>\nstartxref\n\(start)\n%%EOF\n"
        return try PDFFile(source: ByteSource(bytes: Array(text.utf8)))
    }

    @Test func entriesOfEveryLeafInOrderWithTheLeafThatHoldsThem() throws {
        let file = try Self.file([
            1: "<</Type/Catalog/Tree 2 0 R>>",
            2: "<</Kids[3 0 R 4 0 R]>>",
            3: "<</Limits[0 5]/Nums[0 (a) 5 (b)]>>",
            4: "<</Limits[7 7]/Nums[7 (c) /x (not a key)]>>",
        ])
        let entries = try file.numberTreeEntries(try file.catalog()["Tree"])
        #expect(entries.map(\.key) == [0, 5, 7])
        #expect(entries.map(\.value) == [.string(Array("a".utf8)), .string(Array("b".utf8)), .string(Array("c".utf8))])
        #expect(entries.map { $0.leaf.referenceValue?.number } == [3, 3, 4])
    }

    @Test func aNodeNamingItselfTwiceIsReadOnce() throws {
        let file = try Self.file([
            1: "<</Type/Catalog/Tree 2 0 R>>",
            2: "<</Kids[2 0 R 2 0 R 3 0 R]/Nums[1 (root)]>>",
            3: "<</Kids[3 0 R 3 0 R]/Nums[2 (kid)]>>",
        ])
        #expect(try file.numberTreeEntries(try file.catalog()["Tree"]).map(\.key) == [1, 2])
    }

    @Test func aDirectRootIsItsOwnLeaf() throws {
        let file = try Self.file([1: "<</Type/Catalog/Tree<</Nums[4 (d)]>>>>"])
        let root = try file.catalog()["Tree"]
        let entries = try file.numberTreeEntries(root)
        #expect(entries.map(\.key) == [4])
        #expect(entries.first?.leaf == root)
        #expect(try file.numberTreeEntries(nil).isEmpty)
    }
}
