import Foundation
import Testing
@testable import Marginalia

@Suite("Flattening")
struct FlattenTests {
    @Test func burnsVisibleAnnotationsAndDropsHiddenOnes() throws {
        let document = try TestDocuments.pages(2)
        var visible = PDFAnnotation(kind: .square, rect: CGRect(x: 10, y: 10, width: 50, height: 50))
        visible.interiorColor = .red
        var hidden = PDFAnnotation(kind: .circle, rect: CGRect(x: 100, y: 100, width: 50, height: 50))
        hidden.flags.insert(.hidden)
        let ink = PDFAnnotation.ink([BezierPath(polyline: [CGPoint(x: 1, y: 1), CGPoint(x: 9, y: 9)], closed: false)])
        for a in [visible, hidden, ink] { try document.addAnnotation(a, toPage: 0) }
        try document.addAnnotation(PDFAnnotation(kind: .square, rect: CGRect(x: 5, y: 5, width: 5, height: 5)), toPage: 1)

        let count = try document.flattenAnnotations(pages: [0]) { $0.subtype != "Ink" }
        #expect(count == 2)
        let saved = try TestDocuments.reopen(document)
        #expect(try saved.annotations(onPage: 0).map(\.subtype) == ["Ink"], "only what was not chosen stays")
        #expect(try saved.annotations(onPage: 1).count == 1, "other pages are untouched")
        let page = try saved.page(at: 0)
        let contents = try #require(try saved.file.resolve(page.dictionary["Contents"] ?? .null).arrayValue)
        let last = try #require(try saved.file.resolve(contents.last ?? .null).streamValue)
        let drawing = String(decoding: try last.decodedBytes(), as: UTF8.self)
        #expect(drawing.components(separatedBy: " Do").count - 1 == 1, "the hidden circle is not drawn")
        let first = try #require(try saved.file.resolve(contents.first ?? .null).streamValue)
        #expect(String(decoding: try first.decodedBytes(), as: UTF8.self) == "q\n", "old content is wrapped in q/Q")
    }

    @Test func placementMapsTheTransformedBoxOntoTheRect() throws {
        let document = try TestDocuments.pages(1)
        var note = PDFAnnotation(kind: .note(.init()), rect: CGRect(x: 100, y: 700, width: 20, height: 20))
        note.flags = [.print]
        var form = PDFDictionary()
        form["BBox"] = [0, 0, 10, 40]
        form["Matrix"] = [0, 1, -1, 0, 0, 0]  // a quarter turn: the box becomes 40 wide, 10 high
        let placement = document.placement(of: form, in: note, pageRotation: 0)
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 40)].map { AffineTransform(m11: 0, m12: 1, m21: -1, m22: 0, tX: 0, tY: 0).transform($0) }
        let mapped = corners.map { placement.transform($0) }
        let box = CGRect.bounding(mapped)
        #expect(abs(box.minX - 100) < 1e-9 && abs(box.maxX - 120) < 1e-9)
        #expect(abs(box.minY - 700) < 1e-9 && abs(box.maxY - 720) < 1e-9)
    }

    @Test func contentThatLeavesStatesOpenIsClosedBeforeTheDrawing() throws {
        let document = try TestDocuments.pages(1)
        let page = try document.page(at: 0)
        // Two saves left open (one scaled by 2), a stray restore first, and an open text object.
        let content = "Q q 2 0 0 2 0 0 cm q 1 0 0 rg BT /F1 12 Tf"
        let stream = document.file.add(.stream(PDFStream(dictionary: PDFDictionary(), rawBytes: Array(content.utf8))))
        var dictionary = page.dictionary
        dictionary["Contents"] = .reference(stream)
        document.file.update(page.reference, with: .dictionary(dictionary))
        try document.addAnnotation(PDFAnnotation(kind: .square, rect: CGRect(x: 10, y: 10, width: 50, height: 50)), toPage: 0)

        #expect(try document.flattenAnnotations() == 1)
        let saved = try TestDocuments.reopen(document)
        let contents = try #require(try saved.file.resolve(saved.page(at: 0).dictionary["Contents"] ?? .null).arrayValue)
        let texts = try contents.map { String(decoding: try saved.file.decodedData(of: $0), as: UTF8.self) }
        #expect(texts.first == "q\nq\n", "one more save for the stray restore")
        #expect(texts.last?.hasPrefix("ET\nQ\nQ\nQ\nq\n") == true, "text ended, both open saves and the wrapping one closed")
        let whole = try ContentStreamReport(bytes: saved.contentData(of: saved.page(at: 0)))
        #expect(whole.unclosedSaves == 0 && !whole.endsInsideText)
    }
}
