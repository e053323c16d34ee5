import Foundation
import Testing
@testable import Marginalia

/// Issue 35: each kind of damage or oddity that qpdf and MuPDF read, in a file made for it
/// (``DamageKindFiles``): the page count the references give, `check` giving the same count
/// (`info` and `check` share one answer), every page's content read, and `check` naming the
/// damage where there is some.
@Suite("Damage kinds the peers read")
struct DamageKindTests {
    @Test(arguments: DamageKindFiles.kinds)
    func eachKindReadsAsTheReferencesReadIt(_ kind: DamageKindFiles.Kind) throws {
        let document = try PDFDocument(data: Data(kind.bytes))
        #expect(try document.pageCount == kind.pages)
        for index in 0..<kind.pages {
            let content = String(decoding: try document.contentData(of: document.page(at: index)), as: UTF8.self)
            #expect(content.contains("(page) Tj"), "page \(index + 1)")
        }
        let report = DocumentChecker(document: try PDFDocument(data: Data(kind.bytes))).run()
        #expect(report.pageCount == kind.pages)
        if let problem = kind.problem {
            #expect(report.problems.contains { $0.contains(problem) }, "\(report.problems)")
        } else {
            #expect(report.problems.isEmpty, "\(report.problems)")
        }
    }

    /// A loop is told from depth by the nodes on the path: a chain that comes back to its own
    /// top reaches no page, while the same chain without the loop, as deep, does.
    @Test func aLoopIsToldFromADeepChain() throws {
        let deep = try PDFDocument(data: Data(DamageKindFiles.deepTree(levels: 3_000)))
        #expect(try deep.pageCount == 1)
        let looped = String(decoding: DamageKindFiles.deepTree(levels: 3_000), as: UTF8.self)
            .replacingOccurrences(of: "/Kids [3002 0 R]", with: "/Kids [2 0 R]   ")  // offsets kept
        #expect(looped.utf8.count == DamageKindFiles.deepTree(levels: 3_000).count)
        let report = DocumentChecker(document: try PDFDocument(data: Data(looped.utf8))).run()
        #expect(report.problems.contains { $0.contains("node 2 is met again (a loop)") })
    }

    /// Nodes shared to multiply pages (each level's two kids the same node) end at the page
    /// limit, not in memory or time.
    @Test func sharedNodesThatMultiplyPagesEndAtTheLimit() throws {
        var bodies = ["<< /Type /Catalog /Pages 2 0 R >>"]
        for level in 0..<40 { bodies.append("<< /Type /Pages /Kids [\(level + 3) 0 R \(level + 3) 0 R] /Count 2 >>") }
        bodies.append("<< /Type /Page /MediaBox [0 0 10 10] >>")
        var limits = PDFLimits()
        limits.maxPageCount = 10_000
        let document = try PDFDocument(data: Data(DamageKindFiles.file(DamageKindFiles.text(bodies))), limits: limits)
        #expect(throws: PDFError.limitExceeded("more than 10000 pages (maxPageCount)", limit: .maxPageCount, max: 10_000)) { try document.pageCount }
    }
}
