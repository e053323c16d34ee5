import Foundation
import Testing
@testable import Marginalia

/// The page-level ``PDFLimits``: pages in a tree, the tree's depth, a page's content.
@Suite("Page limits")
struct PageLimitTests {
    private func document(_ objects: [(Int, String)], limits: PDFLimits) throws -> PDFDocument {
        try TestDocuments.assemble(Dictionary(objects, uniquingKeysWith: { $1 }), limits: limits)
    }

    /// A flat tree of `count` pages.
    private func flat(_ count: Int, limits: PDFLimits) throws -> PDFDocument {
        let kids = (0..<count).map { "\($0 + 3) 0 R" }.joined(separator: " ")
        let pages = (0..<count).map { ($0 + 3, "<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>") }
        return try document([(1, "<</Type/Catalog/Pages 2 0 R>>"), (2, "<</Type/Pages/Kids[\(kids)]/Count \(count)>>")] + pages,
                            limits: limits)
    }

    /// One page under a chain of `depth` intermediate nodes, the top one giving the media box
    /// and each node naming its parent; `loop` makes the last node's kid the top node instead.
    private func deep(_ depth: Int, limits: PDFLimits, loop: Bool = false) throws -> PDFDocument {
        var objects = [(1, "<</Type/Catalog/Pages 2 0 R>>")]
        for level in 0..<depth {
            let parent = level == 0 ? "/MediaBox[0 0 100 100]" : "/Parent \(level + 1) 0 R"
            let kid = loop && level == depth - 1 ? 2 : level + 3
            objects.append((level + 2, "<</Type/Pages\(parent)/Kids[\(kid) 0 R]/Count 1>>"))
        }
        objects.append((depth + 2, "<</Type/Page/Parent \(depth + 1) 0 R>>"))
        return try document(objects, limits: limits)
    }

    @Test func pagesInOneTreeAreBounded() throws {
        var limits = PDFLimits()
        limits.maxPageCount = 10
        #expect(throws: PDFError.limitExceeded("more than 10 pages (maxPageCount)", limit: .maxPageCount, max: 10)) { try flat(20, limits: limits).pageCount }
        #expect(try flat(10, limits: limits).pageCount == 10)
    }

    /// A deep but finite tree is valid (MuPDF and qpdf read a chain of any depth): its page
    /// is found and inherits from the top, past any depth setting; only a loop is refused,
    /// by visiting each node once.
    @Test func aDeepTreeIsReadWhateverItsDepthAndALoopEnds() throws {
        var limits = PDFLimits()
        limits.maxTreeDepth = 5
        for depth in [3, 8, 3_000] {
            let document = try deep(depth, limits: limits)
            #expect(try document.pageCount == 1)
            #expect(try document.page(at: 0).storedBox(.mediaBox).width == 100, "depth \(depth)")
        }
        // The chain's last node names the top one: no page is reached, and asking for one ends.
        #expect(throws: PDFError.self) { try deep(8, limits: limits, loop: true).page(at: 0) }
    }

    @Test func aPagesContentIsBoundedAsAWholeLikeOneStream() throws {
        var limits = PDFLimits()
        limits.maxDecodedStreamSize = 250
        let body = String(repeating: "0 0 m ", count: 16)  // 96 bytes
        let objects = [(1, "<</Type/Catalog/Pages 2 0 R>>"), (2, "<</Type/Pages/Kids[3 0 R]/Count 1>>"),
                       (3, "<</Type/Page/Parent 2 0 R/Contents[4 0 R 4 0 R 4 0 R]>>"),
                       (4, "<</Length \(body.utf8.count)>>\nstream\n\(body)\nendstream")]
        let document = try document(objects, limits: limits)
        #expect(throws: PDFError.limitExceeded("the content of page 1 is larger than 250 bytes (maxDecodedStreamSize)",
                                           limit: .maxDecodedStreamSize, max: 250)) {
            try document.contentData(of: document.page(at: 0))
        }
        limits.maxDecodedStreamSize = 300
        let roomy = try self.document(objects, limits: limits)
        #expect(try roomy.contentReport(of: roomy.page(at: 0)).operationCount == 48)
    }
}
