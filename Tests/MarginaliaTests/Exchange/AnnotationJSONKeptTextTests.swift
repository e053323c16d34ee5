import Foundation
import Testing
@testable import Marginalia

/// `annotate` decodes with ``AnnotationJSON/decodeKeepingText(_:)`` and keeps what was read
/// until it exits: the annotations are those every other caller gets from ``AnnotationJSON/decode(_:)``.
@Suite("Annotation JSON with its text kept")
struct AnnotationJSONKeptTextTests {
    @Test func keptTextDecodesTheSameAnnotations() throws {
        var originals = AnnotationSamples.all()
        // Strokes shaped like the "ink" benchmark's: 300 points each.
        for page in 0..<3 {
            let points = (0..<300).map { CGPoint(x: 72 + Double($0) * 1.6, y: 400 + 80 * sin(Double($0) / 7 + Double(page))) }
            originals.append(PDFAnnotation(kind: .ink(.init(paths: [points])), rect: CGRect.bounding(points), color: Color(red: 1, green: 0, blue: 0)))
        }
        for i in originals.indices { originals[i].pageIndex = i % 4 }
        let data = try AnnotationJSON.encode(originals)
        let (annotations, text) = try AnnotationJSON.decodeKeepingText(data)
        let decoded = try AnnotationJSON.decode(data)
        #expect(annotations.count == originals.count && decoded.count == originals.count)
        #expect(annotations.map(\.id) == originals.map(\.id) && decoded.map(\.id) == originals.map(\.id))
        #expect(annotations.map(\.kind) == decoded.map(\.kind))
        #expect(annotations.map(\.pageIndex) == decoded.map(\.pageIndex))
        if case .ink(let ink) = annotations.last?.kind { #expect(ink.paths.first?.count == 300) } else { Issue.record("not ink") }
        #expect(String(describing: type(of: text)).contains("ReadText"))
    }
}
