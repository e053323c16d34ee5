import Foundation
import Testing
@testable import Marginalia
@testable import PDFCore

/// The report of a page's content (what flattening closes before drawing on top) is the same
/// by the scan as by the parser on every page of the corpus the scan reads itself.
@Suite("Content reports of the corpus")
struct ContentReportCorpusTests {
    @Test func scanAndParserAgreeOnCorpusPages() throws {
        var compared = 0
        var scannedPages = 0
        for name in CorpusAnnotationTests.files {
            let url = CorpusAnnotationTests.corpus.appendingPathComponent(name)
            guard let document = try? PDFDocument(url: url, password: CorpusAnnotationTests.passwords[name]),
                  let pageCount = try? document.pageCount else { continue }
            for index in 0..<min(pageCount, 12) {
                guard let page = try? document.page(at: index), let content = try? document.contentData(of: page) else { continue }
                let limits = document.file.limits
                guard let parsed = try? ContentStreamReport(parsing: content, limits: limits) else { continue }
                compared += 1
                if let scanned = ContentStreamReport.scanned(content, limits: limits) {
                    scannedPages += 1
                    #expect(scanned == parsed, "\(name), page \(index + 1)")
                }
                #expect(try ContentStreamReport(bytes: content, limits: limits) == parsed, "\(name), page \(index + 1)")
            }
        }
        #expect(compared > 200, "the corpus is expected at \(CorpusAnnotationTests.corpus.path)")
        // Most real pages are read by the scan itself, or this test would compare little.
        #expect(scannedPages * 2 > compared, "\(scannedPages) of \(compared) pages scanned")
    }
}
