import Foundation
import Marginalia

/// The annotations the shape, text and note tools make from a drag or a tap (page space).
public enum ShapeTool {
    /// The shapes the tool draws (``ShapeKind``, defined in the engine core).
    public typealias Kind = ShapeKind

    /// The style a shape is drawn with.
    public struct Style: Equatable, Sendable {
        public var stroke: Color
        public var width: Double
        public var fill: Color?

        public init(stroke: Color = .black, width: Double = 2, fill: Color? = nil) {
            self.stroke = stroke
            self.width = width
            self.fill = fill
        }
    }

    /// A shape dragged from `start` to `end` on page `pageIndex`; nil for a drag too short
    /// to see (under 2 points) or non-finite points.
    public static func shape(_ kind: Kind, from start: CGPoint, to end: CGPoint, style: Style, pageIndex: Int) -> PDFAnnotation? {
        guard [start.x, start.y, end.x, end.y].allSatisfy(\.isFinite), hypot(end.x - start.x, end.y - start.y) >= 2 else { return nil }
        let box = CGRect(x: min(start.x, end.x), y: min(start.y, end.y), width: abs(end.x - start.x), height: abs(end.y - start.y))
        let annotationKind: PDFAnnotation.Kind
        switch kind {
        case .rectangle: annotationKind = .square
        case .ellipse: annotationKind = .circle
        case .triangle:
            annotationKind = .polygon(vertices: [CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY),
                                                 CGPoint(x: box.midX, y: box.maxY)])
        case .line: annotationKind = .line(.init(start: start, end: end))
        case .arrow: annotationKind = .line(.init(start: start, end: end, endEnding: .openArrow))
        }
        var annotation = PDFAnnotation(kind: annotationKind, rect: box, color: style.stroke, pageIndex: pageIndex)
        annotation.border.width = style.width
        annotation.interiorColor = style.fill
        return annotation
    }

    /// A text box dragged over `rect` (at least 24 points wide and one line high).
    public static func textBox(in rect: CGRect, text: String = "", fontSize: Double = 14, bold: Bool = false,
                               textColor: Color = .black, background: Color? = nil, pageIndex: Int) -> PDFAnnotation? {
        let box = rect.standardized
        guard [box.minX, box.minY, box.width, box.height].allSatisfy(\.isFinite), fontSize.isFinite, fontSize > 0 else { return nil }
        let sized = CGRect(x: box.minX, y: box.maxY - max(box.height, fontSize * 1.6), width: max(box.width, 24),
                           height: max(box.height, fontSize * 1.6))
        var annotation = PDFAnnotation(kind: .freeText(.init(text: text, font: bold ? "Helvetica-Bold" : "Helvetica",
                                                             fontSize: fontSize, textColor: textColor)),
                                       rect: sized, color: background, pageIndex: pageIndex)
        annotation.contents = text
        annotation.border.width = 0
        return annotation
    }

    /// A sticky note showing `icon`, whose icon's upper-left corner is at `point`.
    public static func note(at point: CGPoint, text: String, color: Color = AnnotationSubtype.note.defaultColor ?? .black,
                            icon: NoteIcon = .note, pageIndex: Int) -> PDFAnnotation? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        var annotation = PDFAnnotation(kind: .note(.init(icon: icon.rawValue)), rect: CGRect(x: point.x, y: point.y - 20, width: 20, height: 20),
                                       color: color, pageIndex: pageIndex)
        annotation.contents = text
        return annotation
    }
}
