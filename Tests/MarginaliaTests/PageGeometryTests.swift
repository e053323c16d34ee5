import Foundation
import Testing
@testable import Marginalia

/// The page list read cheaply (``PDFDocument/pageGeometry(in:)``: no annotations, the labels
/// read once) answers what reading each page whole (``PDFDocument/page(at:)``) answers.
@Suite("Page geometry without the annotations")
struct PageGeometryTests {
    /// What `page(at:)` gives for the same fields, page by page.
    static func fullRead(_ document: PDFDocument) throws -> [PDFPageGeometry] {
        try (0..<document.pageCount).map { index in
            let page = try document.page(at: index)
            return PDFPageGeometry(index: index, mediaBox: page.bounds(for: .mediaBox), cropBox: page.bounds(for: .cropBox),
                                   rotation: page.rotation, label: page.label)
        }
    }

    @Test func inheritedBoxesRotationAndLabelsMatchTheFullRead() throws {
        // A MediaBox on the root, /Rotate 90 on the inner nodes, labels "i", "ii", "P-10"...
        let document = try TestDocuments.pages(7)
        let cheap = try document.pageGeometry(in: 0..<7)
        #expect(cheap == (try Self.fullRead(document)))
        #expect(cheap.map(\.rotation) == Array(repeating: 90, count: 7))
        #expect(cheap.map(\.label) == ["i", "ii", "P-10", "P-11", "P-12", "P-13", "P-14"])
        #expect(cheap[3].cropBox == CGRect(x: 0, y: 0, width: 612, height: 792))
        // A part of the list is the same part of the whole.
        #expect(try document.pageGeometry(in: 2..<5) == Array(cheap[2..<5]))
    }

    @Test func ownEntriesOverInheritedOnesAndIndirectBoxes() throws {
        let document = try TestDocuments.assemble([
            1: "<</Type/Catalog/Pages 2 0 R/PageLabels<</Nums[1<</S/A/St 3>>]>>>>",
            2: "<</Type/Pages/Kids[3 0 R 6 0 R]/Count 3/MediaBox[0 0 500 700]/CropBox 9 0 R/Rotate 180>>",
            3: "<</Type/Page/Parent 2 0 R/Rotate -90/Annots[4 0 R]>>",
            4: "<</Type/Annot/Subtype/Text/Rect[0 0 10 10]>>",
            6: "<</Type/Pages/Parent 2 0 R/Kids[7 0 R 8 0 R]/Count 2/MediaBox[0 0 300 400]>>",
            7: "<</Type/Page/Parent 6 0 R/CropBox[10 20 290 10 0 R]/Rotate 450>>",
            8: "<</Type/Page/Parent 6 0 R/MediaBox[0 0 200 200]/UserUnit 2>>",
            9: "[5 5 495 695]",
            10: "390",
        ])
        let cheap = try document.pageGeometry(in: 0..<3)
        #expect(cheap == (try Self.fullRead(document)))
        #expect(cheap.map(\.rotation) == [270, 90, 180])
        #expect(cheap.map(\.label) == [nil, "C", "D"])
        #expect(cheap[0].cropBox == CGRect(x: 5, y: 5, width: 490, height: 690))
        #expect(cheap[1].cropBox == CGRect(x: 10, y: 20, width: 280, height: 370))
        // The inherited CropBox clipped to the page's own smaller MediaBox.
        #expect(cheap[2].cropBox == CGRect(x: 5, y: 5, width: 195, height: 195))
    }

    @Test func aTreeWhoseCountsLieIsWalkedAsThePagesAre() throws {
        // The root claims 5 pages over 2 kids: the tree is walked, attributes found by /Parent.
        let document = try TestDocuments.assemble([
            1: "<</Type/Catalog/Pages 2 0 R>>",
            2: "<</Type/Pages/Kids[3 0 R 4 0 R]/Count 5/Rotate 270/MediaBox[0 0 100 100]>>",
            3: "<</Type/Page/Parent 2 0 R>>",
            4: "<</Type/Page/Parent 2 0 R/MediaBox[0 0 50 80]/Rotate 0>>",
        ])
        let cheap = try document.pageGeometry(in: 0..<document.pageCount)
        #expect(cheap == (try Self.fullRead(document)))
        #expect(cheap.map(\.rotation) == [270, 0])
    }

    @Test func aRangePastTheLastPageIsRefused() throws {
        let document = try TestDocuments.pages(3)
        #expect(throws: PDFError.self) { try document.pageGeometry(in: 2..<4) }
        #expect(try document.pageGeometry(in: 3..<3).isEmpty)
    }

    /// Every file of ../shared/corpus that opens: the same geometry both ways, on every page.
    @Test func corpusFilesMatchTheFullRead() throws {
        var compared = 0, pages = 0, rotated = 0
        for name in CorpusAnnotationTests.files {
            let url = CorpusAnnotationTests.corpus.appendingPathComponent(name)
            guard let document = try? PDFDocument(url: url, password: CorpusAnnotationTests.passwords[name]),
                  let count = try? document.pageCount, let full = try? Self.fullRead(document) else { continue }
            let cheap = try document.pageGeometry(in: 0..<count)
            #expect(cheap == full, "\(name)")
            compared += 1
            pages += count
            rotated += cheap.filter { $0.rotation != 0 }.count
        }
        #expect(compared > 50, "the corpus is expected at \(CorpusAnnotationTests.corpus.path)")
        #expect(pages > 1000)
        #expect(rotated > 0, "the corpus has rotated pages")
    }
}
