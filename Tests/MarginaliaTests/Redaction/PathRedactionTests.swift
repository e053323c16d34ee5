import Foundation
import Testing
import PDFCore
@testable import Marginalia

@Suite("Redaction: paths crossing a mark")
struct PathRedactionTests {
    /// A one-page document whose content is `content`, with an area mark over `area`, applied
    /// and saved with a full rewrite; the page's content after, and the report.
    func redacted(_ content: String, area: CGRect) throws -> (String, RedactionReport.Page) {
        let document = try TestDocuments.assemble([
            1: "<</Type/Catalog/Pages 2 0 R>>",
            2: "<</Type/Pages/Kids[3 0 R]/Count 1/MediaBox[0 0 612 792]>>",
            3: "<</Type/Page/Parent 2 0 R/Contents 4 0 R>>",
            4: "<</Length \(content.utf8.count)>>stream\n\(content)\nendstream",
        ])
        try document.addAnnotation(PDFAnnotation(kind: .redact(.init(quads: [])), rect: area), toPage: 0)
        let report = try #require(try document.applyRedactions().pages.first)
        let saved = try TestDocuments.reopen(document, options: PDFWriteOptions(mode: .compact))
        return (String(decoding: try saved.contentData(of: try saved.page(at: 0)), as: UTF8.self), report)
    }

    @Test func aFilledAndStrokedRectangleUnderAMatrixIsWrittenBackInItsOwnSpaceAsFillThenStroke() throws {
        // The square (10,10)-(50,50) in user space is (20,20)-(100,100) on the page; the mark
        // takes its top right corner, (60,60)-(120,120) on the page, (30,30)-(60,60) in user space.
        let (content, report) = try redacted("q 2 0 0 2 0 0 cm 10 10 40 40 re B* Q", area: CGRect(x: 60, y: 60, width: 60, height: 60))
        #expect(report.pathsCut == 1 && report.paths == 0)
        #expect(!content.contains("B*") && !content.contains(" re"))
        // Even-odd kept for the fill; the stroke follows the square's outline from the cut round to the cut.
        #expect(content.contains("f*\n"))
        #expect(content.contains("30 50 m\n10 50 l\n10 10 l\n50 10 l\n50 30 l\nS"))
    }

    @Test func sClosesTheSubpathBeforeItIsCut() throws {
        // The mark takes the corner (100,100): the closing segment back to (0,0) leaves it at (90,90).
        let (content, _) = try redacted("0 0 m 100 0 l 100 100 l s", area: CGRect(x: 90, y: 90, width: 20, height: 20))
        #expect(content.contains("90 90 m\n0 0 l\n100 0 l\n100 90 l\nS"))
        #expect(!content.contains("100 100"))
    }

    @Test func aFilledCurveUnderTheMarkButForItsControlPointsGoesAndAPathClearOfItStays() throws {
        // The curve rises to y = 22.5, under the mark's top at 25; its control points, at 30, are not.
        let (content, report) = try redacted("0 0 m 50 30 100 30 150 0 c f 300 300 m 400 300 l S",
                                             area: CGRect(x: -10, y: -10, width: 170, height: 35))
        #expect(report.paths == 1 && report.pathsCut == 0)
        #expect(!content.contains("150 0") && !content.contains("50 30"))
        #expect(content.contains("300 300 m 400 300 l S"))
    }
}
