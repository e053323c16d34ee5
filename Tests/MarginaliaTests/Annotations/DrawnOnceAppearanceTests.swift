import Foundation
import PDFCore
import Testing
@testable import Marginalia

/// Issue 28, "Drawn once": the appearance of text markup, squares, circles, lines, polylines and
/// polygons paints the marks of the core's ``AnnotationDrawing``, the ones the browser draws
/// (the bridge's `annotationDrawing`), path for path, with one paint per mark.
@Suite("Appearances drawn once")
struct DrawnOnceAppearanceTests {
    static func annotations() -> [PDFAnnotation] {
        let quads = [PDFAnnotation.Quad(rect: CGRect(x: 60, y: 540, width: 190, height: 20)),
                     PDFAnnotation.Quad(points: [CGPoint(x: 300, y: 300), CGPoint(x: 380, y: 340), CGPoint(x: 310, y: 280),
                                                 CGPoint(x: 390, y: 320)])]
        var list = PDFAnnotation.TextMarkup.allCases.map { PDFAnnotation(kind: .textMarkup($0, quads: quads), rect: .zero) }
        var square = PDFAnnotation(kind: .square, rect: CGRect(x: 300, y: 300, width: 150, height: 80))
        square.interiorColor = Color(red: 0.8, green: 0.9, blue: 1)
        square.border = PDFBorder(width: 3, style: .dashed, dashPattern: [4, 2])
        list.append(square)
        list.append(PDFAnnotation(kind: .circle, rect: CGRect(x: 100, y: 280, width: 150, height: 120)))
        for (index, ending) in LineEnding.allCases.enumerated() {
            var line = PDFAnnotation(kind: .line(.init(start: CGPoint(x: 40, y: 700 - 20 * CGFloat(index)), end: CGPoint(x: 200, y: 710 - 20 * CGFloat(index)),
                                                       startEnding: ending, endEnding: ending)), rect: .zero)
            if index % 2 == 1 { line.interiorColor = Color(red: 1, green: 1, blue: 0) }
            list.append(line)
        }
        list.append(PDFAnnotation(kind: .polyLine(.init(vertices: [CGPoint(x: 60, y: 440), CGPoint(x: 120, y: 480), CGPoint(x: 190, y: 430)],
                                                          startEnding: .reversedClosedArrow, endEnding: .openArrow)), rect: .zero))
        list.append(PDFAnnotation(kind: .polygon(vertices: [CGPoint(x: 400, y: 420), CGPoint(x: 500, y: 460), CGPoint(x: 470, y: 530)]),
                                  rect: .zero))
        return list
    }

    @Test func theAppearancePaintsTheCoresMarksAndTakesItsBounds() throws {
        let builder = AppearanceBuilder(addObject: { _ in PDFReference(1) })
        for annotation in Self.annotations() {
            let drawing = try #require(AnnotationDrawing(annotation.annotation))
            #expect(!drawing.marks.isEmpty, "\(annotation.kind)")
            let result = try #require(try builder.build(for: annotation))
            #expect(result.rect == drawing.bounds, "\(annotation.kind)")
            let text = String(decoding: try result.stream.decodedBytes(), as: UTF8.self)
            // Every mark's path, in order, each followed by its paint.
            var expected = ""
            for mark in drawing.marks {
                var path = ContentStreamBuilder()
                path.append(mark.path)
                expected += String(decoding: path.bytes, as: UTF8.self)
                expected += mark.fill != nil ? (mark.stroke ? "B\n" : "f\n") : "S\n"
            }
            let pathLines = text.split(separator: "\n").filter { line in
                ["m", "l", "c", "h", "S", "f", "B"].contains(line.split(separator: " ").last.map(String.init) ?? "")
            }
            #expect(pathLines.joined(separator: "\n") + "\n" == expected, "\(annotation.kind)")
        }
    }
}
