import Foundation
import Marginalia
import PDFCore
import Testing

/// `PDFDocument.forEachString(ofPages:threads:_:)`: pages read on several threads are heard
/// in the order asked, each with its own string or error, as one thread hears them.
@Suite("Text extraction: page strings read on several threads")
struct ParallelPageStringTests {
    static let pageCount = 300
    /// This page's content has more operators than the test's limit: reading it throws.
    static let heavyPage = 137

    /// `pageCount` pages, page k saying "page k of N" (1-based), but for ``heavyPage``.
    static func document() throws -> PDFDocument {
        var bodies: [Int: String] = [
            1: "<</Type/Catalog/Pages 2 0 R>>", 3: "<</Font<</F1 4 0 R>>>>", 4: TextFixtures.standardFont(),
        ]
        bodies[2] = "<</Type/Pages/Kids[\((0..<pageCount).map { "\(10 + 2 * $0) 0 R" }.joined(separator: " "))]/Count \(pageCount)>>"
        for page in 0..<pageCount {
            bodies[10 + 2 * page] = "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources 3 0 R/Contents \(11 + 2 * page) 0 R>>"
            let content = page == heavyPage
                ? String(repeating: "q Q ", count: 600)
                : "BT /F1 10 Tf 72 700 Td (page \(page + 1) of \(pageCount)) Tj ET"
            bodies[11 + 2 * page] = TextFixtures.stream(content)
        }
        var limits = PDFLimits.default
        limits.maxContentOperations = 1_000
        return try PDFDocument(data: Data(TextFixtures.file(bodies)), limits: limits)
    }

    /// What `body` hears, one line per call: the index and the string, or "error".
    static func heard(_ indexes: [Int], threads: Int) throws -> [String] {
        var lines: [String] = []
        try document().forEachString(ofPages: indexes, threads: threads) { index, result in
            switch result {
            case .success(let page): lines.append("\(index): \(page.pageIndex) \(page.string) \(page.unmappedGlyphCount)")
            case .failure(let error): lines.append("\(index): error \(error)")
            }
        }
        return lines
    }

    @Test(arguments: [2, 3, 7])
    func severalThreadsHearWhatOneThreadHears(_ threads: Int) throws {
        // Backwards, a page twice, and a page that does not exist: heard as asked.
        let indexes = Array((0..<Self.pageCount).reversed()) + [5, 5, Self.pageCount]
        let one = try Self.heard(indexes, threads: 1)
        #expect(one.count == indexes.count)
        for (line, index) in zip(one, indexes) {
            if index == Self.heavyPage {
                #expect(line.hasPrefix("\(index): error") && line.contains("maxContentOperations"))
            } else if index == Self.pageCount {
                #expect(line.hasPrefix("\(index): error"))
            } else {
                #expect(line == "\(index): \(index) page \(index + 1) of \(Self.pageCount) 0")
            }
        }
        #expect(try Self.heard(indexes, threads: threads) == one)
    }

    @Test func whatTheBodyThrowsEndsTheReading() throws {
        struct Enough: Error {}
        var heard: [Int] = []
        #expect(throws: Enough.self) {
            try Self.document().forEachString(ofPages: Array(0..<Self.pageCount), threads: 2) { index, _ in
                heard.append(index)
                if index == 200 { throw Enough() }
            }
        }
        #expect(heard == Array(0...200))
    }

    @Test func theThreadsShareTheDocumentsDecodingBudget() throws {
        // Each page's content counts against the budget (unfiltered data counts as decoded);
        // the budget lets the document read only 150 of its 300 pages, with one thread or several.
        var bodies: [Int: String] = [1: "<</Type/Catalog/Pages 2 0 R>>", 3: "<</Font<</F1 4 0 R>>>>", 4: TextFixtures.standardFont()]
        bodies[2] = "<</Type/Pages/Kids[\((0..<Self.pageCount).map { "\(10 + 2 * $0) 0 R" }.joined(separator: " "))]/Count \(Self.pageCount)>>"
        let content = "BT /F1 10 Tf 72 700 Td (page) Tj ET " + String(repeating: " ", count: 1_000)
        for page in 0..<Self.pageCount {
            bodies[10 + 2 * page] = "<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources 3 0 R/Contents \(11 + 2 * page) 0 R>>"
            bodies[11 + 2 * page] = TextFixtures.stream(content)
        }
        var limits = PDFLimits.default
        limits.maxDocumentDecodedSize = 150 * content.utf8.count
        func readable(threads: Int) throws -> Int {
            let document = try PDFDocument(data: Data(TextFixtures.file(bodies)), limits: limits)
            var read = 0
            document.forEachString(ofPages: Array(0..<Self.pageCount), threads: threads) { _, result in
                switch result {
                case .success: read += 1
                case .failure(let error): #expect("\(error)".contains("maxDocumentDecodedSize"))
                }
            }
            return read
        }
        let alone = try readable(threads: 1)
        #expect(alone == 150)
        // Decodes that run at once when the budget runs out may each be refused: one a thread.
        #expect((alone - 2)...alone ~= (try readable(threads: 2)))
        #expect((alone - 4)...alone ~= (try readable(threads: 4)))
    }
}
