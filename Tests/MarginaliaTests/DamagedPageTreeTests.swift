import Foundation
import Testing
@testable import Marginalia

@Suite("Damaged page trees")
struct DamagedPageTreeTests {
    /// A document from object bodies, with a correct cross-reference table but for the
    /// objects in `free`, which it lists as free although they are in the file.
    static func document(_ bodies: [String], free: Set<Int> = []) throws -> PDFDocument {
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (i, body) in bodies.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(i + 1) 0 obj\n\(body)\nendobj\n"
        }
        let start = text.utf8.count
        text += "xref\n0 \(bodies.count + 1)\n0000000000 65535 f\r\n"
        for (i, o) in offsets.enumerated() {
            let s = String(o)
            text += free.contains(i + 1) ? "0000000000 00001 f\r\n" : String(repeating: "0", count: 10 - s.count) + s + " 00000 n\r\n"
        }
        text += "trailer\n<</Size \(bodies.count + 1)/Root 1 0 R>>\nstartxref\n\(start)\n%%EOF\n"
        return try PDFDocument(data: Data(text.utf8))
    }

    /// A cross-reference that marks the page tree's root free although it is in the file:
    /// counting no pages, the document has the file repaired by scanning and finds them.
    @Test func pagesTheCrossReferenceLosesAreFoundByRepair() throws {
        let document = try Self.document(["<</Type/Catalog/Pages 2 0 R>>", "<</Type/Pages/Kids[3 0 R 4 0 R]/Count 2>>",
                                          "<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>",
                                          "<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>"], free: [2])
        #expect(!document.isRepaired, "nothing is checked before the pages are counted")
        #expect(try document.pageCount == 2)
        #expect(document.isRepaired)
        #expect(document.warnings.contains { $0.contains("page tree has no pages") })
        #expect(try document.page(at: 1).bounds(for: .mediaBox).width == 200)
    }

    @Test func loopInPageTreeIsSkipped() throws {
        let document = try Self.document([
            "<</Type/Catalog/Pages 2 0 R>>",
            "<</Type/Pages/Kids[3 0 R 4 0 R 2 0 R]/Count 3>>",
            "<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>",
            "<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>",
        ])
        #expect(try document.pageCount == 2)
        #expect(try document.page(at: 1).bounds(for: .mediaBox).width == 200)
    }

    @Test func wrongCountFallsBackToWalking() throws {
        let document = try Self.document([
            "<</Type/Catalog/Pages 2 0 R>>",
            "<</Type/Pages/Kids[3 0 R 4 0 R]/Count 7>>",
            "<</Type/Page/Parent 2 0 R>>",
            "<</Type/Page/Parent 2 0 R/Rotate 270>>",
        ])
        #expect(try document.pageCount == 2)
        #expect(try document.page(at: 1).rotation == 270)
        try document.insertBlankPage(size: CGSize(width: 50, height: 50), at: 2)
        let saved = try PDFDocument(data: try document.dataRepresentation())
        #expect(try saved.pageCount == 3)
        #expect(try saved.page(at: 2).bounds(for: .mediaBox).width == 50)
    }

    @Test func selfParentedChainEndsWithError() throws {
        let document = try Self.document([
            "<</Type/Catalog/Pages 2 0 R>>",
            "<</Type/Pages/Kids[3 0 R]/Count 1>>",
            "<</Type/Pages/Kids[3 0 R]/Count 1/Parent 2 0 R>>",
        ])
        #expect(throws: PDFError.self) { try document.page(at: 0) }
    }

    @Test func missingMediaBoxDefaultsToLetter() throws {
        let document = try Self.document([
            "<</Type/Catalog/Pages 2 0 R>>",
            "<</Type/Pages/Kids[3 0 R]/Count 1>>",
            "<</Type/Page/Parent 2 0 R/MediaBox[0 0 bad 1]/Rotate 45>>",
        ])
        let page = try document.page(at: 0)
        #expect(page.bounds(for: .mediaBox) == CGRect(x: 0, y: 0, width: 612, height: 792))
        #expect(page.rotation == 0)
    }
}

@Suite("Huge numbers in page trees")
struct HugePageTreeNumberTests {
    @Test func hugeCountsAndLabelStart() throws {
        let huge = "9223372036854775807"
        let document = try DamagedPageTreeTests.document([
            "<</Type/Catalog/Pages 2 0 R/PageLabels<</Nums[0<</S/D/St \(huge)>>]>>>>",
            "<</Type/Pages/Kids[3 0 R 4 0 R]/Count \(huge)>>",
            "<</Type/Pages/Parent 2 0 R/Kids[5 0 R]/Count \(huge)>>",
            "<</Type/Pages/Parent 2 0 R/Kids[6 0 R]/Count \(huge)>>",
            "<</Type/Page/Parent 3 0 R>>",
            "<</Type/Page/Parent 4 0 R>>",
        ])
        #expect(try document.pageCount == 2)
        _ = try document.page(at: 1).label
        try document.rotatePage(at: 0, by: 90 * 100_000_000_000_000_000)
        try document.insertBlankPage(size: CGSize(width: 10, height: 10), at: 1)
        #expect(try PDFDocument(data: try document.dataRepresentation()).pageCount == 3)
    }

    /// Fuzz finding (FuzzDocument): a label range starting at -9223372036854775807 put page 2
    /// past Int (index minus start) and trapped; the page keeps its own number instead.
    /// Fuzz/regressions/FuzzDocument/page-label-start-far-below-zero.pdf
    @Test func aLabelRangeStartingFarBelowZeroFallsBackToThePageNumber() throws {
        let document = try DamagedPageTreeTests.document([
            "<</Type/Catalog/Pages 2 0 R/PageLabels<</Nums[-9223372036854775807<</S/D>>]>>>>",
            "<</Type/Pages/Kids[3 0 R 4 0 R]/Count 2>>",
            "<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>",
            "<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>",
        ])
        #expect(try document.page(at: 0).label == "1")
        #expect(try document.page(at: 1).label == "2")
    }
}

@Suite("Page label trees that loop")
struct PageLabelLoopTests {
    /// Fuzz finding (FuzzDocument): a /PageLabels node naming itself twice among its /Kids was
    /// walked 2^32 times (only the depth of 32 bounded it), so reading any page hung
    /// (Fuzz/regressions/FuzzDocument/page-label-kids-naming-themselves.pdf). Each node is
    /// read once now. Here a chain of 22 nodes, each naming the next twice: 2^22 visits
    /// before, a minute in a debug build; 22 now. The ranges at the end still count.
    @Test func aLabelNodeListedAgainIsReadOnce() throws {
        let chain = (0..<22).map { "<</Kids[\($0 + 6) 0 R \($0 + 6) 0 R]>>" }
        let document = try DamagedPageTreeTests.document([
            "<</Type/Catalog/Pages 2 0 R/PageLabels 5 0 R>>",
            "<</Type/Pages/Kids[3 0 R 4 0 R]/Count 2>>",
            "<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>",
            "<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>",
        ] + chain + ["<</Nums[0<</S/r>>1<</S/D/St 5>>]>>"])
        var labels: [String?] = []
        let elapsed = try ContinuousClock().measure {
            labels = [try document.page(at: 0).label, try document.page(at: 1).label]
        }
        #expect(labels == ["i", "5"])
        #expect(elapsed < .seconds(5), "\(elapsed) to label two pages")
    }
}
