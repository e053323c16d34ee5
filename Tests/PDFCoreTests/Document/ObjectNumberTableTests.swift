import Testing
@testable import PDFCore

@Suite("Object number table")
struct ObjectNumberTableTests {
    /// Seeded sequences of stores, removals and reads over numbers below the dense limit,
    /// at it, far past it and negative, against a dictionary.
    @Test(arguments: [0, 1, 100, 5_000])
    func behavesAsADictionary(denseLimit: Int) {
        var random = SplitMix64(seed: UInt64(denseLimit) + 36)
        var table = ObjectNumberTable<Int>(denseLimit: denseLimit)
        var model: [Int: Int] = [:]
        func number() -> Int {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: return -Int.random(in: 1...3, using: &random)
            case 1: return denseLimit + Int.random(in: -2...2, using: &random)
            case 2: return Int.random(in: 1_000_000...1_000_005, using: &random)
            default: return Int.random(in: 0...max(0, denseLimit + 3), using: &random)
            }
        }
        for step in 0..<4_000 {
            let n = number()
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let value = Int.random(in: 0..<1_000, using: &random)
                table[n] = value
                model[n] = value
            case 5..<8:
                table[n] = nil
                model[n] = nil
            case 8 where step % 500 == 8:
                table.removeAll()
                model.removeAll()
            default:
                break
            }
            #expect(table[n] == model[n], "number \(n) after step \(step)")
            #expect(table.count == model.count, "count after step \(step)")
        }
        for n in Set(model.keys).union(-3...(denseLimit + 3)) {
            #expect(table[n] == model[n], "number \(n) at the end")
        }
    }

    @Test func growsOnlyAsFarAsNumbersAreStored() {
        var table = ObjectNumberTable<Int>(denseLimit: 1_000_000)
        table[3] = 3
        #expect(table.tableRoom == 64)
        table[70] = 70
        #expect(table.tableRoom == 128)
        table[999_999] = 1
        #expect(table.tableRoom == 1_000_000)
        table[1_000_000] = 2
        #expect(table.tableRoom == 1_000_000 && table[1_000_000] == 2 && table.count == 4)
        table[500_000] = nil  // clearing a number never stored allocates nothing either
        table.removeAll()
        #expect(table.tableRoom == 0 && table.count == 0 && table[3] == nil)
    }

    @Test func aFileWithAFewHighNumbersKeepsThemOutOfTheTable() throws {
        // /Size 8,000,000 and an object numbered 7,000,000: a table as far as the size would
        // hold seven million slots for three objects.
        var out = Array("%PDF-1.7\n".utf8), offsets: [Int] = []
        for (number, body) in [(1, "<</Type/Catalog/Pages 2 0 R/Far 7000000 0 R>>"), (2, "<</Type/Pages/Kids[]/Count 0>>"),
                               (7_000_000, "<</Note(far)>>")] {
            offsets.append(out.count)
            out += Array("\(number) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let start = out.count
        out += Array("xref\n0 3\n0000000000 65535 f\r\n\(TestPDF.pad(offsets[0])) 00000 n\r\n\(TestPDF.pad(offsets[1])) 00000 n\r\n".utf8)
        out += Array("7000000 1\n\(TestPDF.pad(offsets[2])) 00000 n\r\n".utf8)
        out += Array("trailer\n<</Size 8000000/Root 1 0 R>>\nstartxref\n\(start)\n%%EOF\n".utf8)
        let file = try PDFFile(source: ByteSource(bytes: out))
        #expect(!file.isRepaired)
        let far = try file.object(for: PDFReference(7_000_000, 0))
        #expect(far.dictionaryValue?["Note"] == .string(Array("far".utf8)))
        #expect(file.cachedObjectCount == 2 && file.cachedObjectTableRoom <= 1_100)
    }
}
