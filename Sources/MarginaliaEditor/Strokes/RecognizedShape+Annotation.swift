import Foundation
import Marginalia

extension ShapeRecognizer {
    /// The annotation kind a shape becomes: Line (an arrow ends in an open arrow), Square,
    /// Circle, or Polygon (triangles and rotated rectangles).
    public static func annotationKind(for shape: RecognizedShape) -> PDFAnnotation.Kind {
        switch shape {
        case .line(let start, let end):
            return .line(PDFAnnotation.Line(start: start, end: end))
        case .arrow(let start, let end):
            return .line(PDFAnnotation.Line(start: start, end: end, endEnding: .openArrow))
        case .rectangle:
            return .square
        case .ellipse:
            return .circle
        case .rotatedRectangle(let corners):
            return .polygon(vertices: corners)
        case .triangle(let vertices):
            return .polygon(vertices: vertices)
        }
    }
}
