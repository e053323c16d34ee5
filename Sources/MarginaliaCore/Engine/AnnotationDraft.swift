#if !hasFeature(Embedded)
import Foundation
#endif

/// The annotations the placing tools make, as annotation JSON (docs/annotations-json.md): the
/// one place that decides what a dragged shape, a new text box or a new note is, for the
/// browser (which sends it in an `add` command) and natively alike.
public enum AnnotationDraft {
    /// The shortest drag that makes a shape, in page points.
    public static let minimumShapeDrag: CGFloat = 2
    /// The narrowest text box, in points.
    public static let minimumTextBoxWidth: CGFloat = 24
    /// A text box is at least one line high: this many times the font size.
    public static let lineHeight: CGFloat = 1.6
    /// A note's icon is this many points square at zoom 1.
    public static let noteSize: CGFloat = 20
    /// A tapped shape is this many points across (a line or an arrow this long, level).
    public static let tappedShapeSize: CGFloat = 72

    /// A shape dragged from `start` to `end`; nil for a drag too short to see or non-finite points.
    public static func shape(_ kind: ShapeKind, from start: CGPoint, to end: CGPoint, stroke: Color, width: Double,
                             fill: Color?, pageIndex: Int) -> JSONValue? {
        guard [start.x, start.y, end.x, end.y].allSatisfy({ $0.isFinite }),
              hypot(end.x - start.x, end.y - start.y) >= minimumShapeDrag else { return nil }
        let box = rect(start, end)
        var pairs: [(String, JSONValue?)] = [("pageIndex", .integer(pageIndex))]
        switch kind {
        case .rectangle: pairs += [("type", .string(AnnotationSubtype.square.jsonType)), ("rect", .rect(box))]
        case .ellipse: pairs += [("type", .string(AnnotationSubtype.circle.jsonType)), ("rect", .rect(box))]
        case .triangle:
            pairs += [("type", .string(AnnotationSubtype.polygon.jsonType)),
                      ("points", .array([.point(CGPoint(x: box.minX, y: box.minY)), .point(CGPoint(x: box.maxX, y: box.minY)),
                                         .point(CGPoint(x: box.midX, y: box.maxY))]))]
        case .line, .arrow:
            pairs += [("type", .string(AnnotationSubtype.line.jsonType)), ("points", .array([.point(start), .point(end)])),
                      ("lineEndings", .strings(["none", kind == .arrow ? "openArrow" : "none"]))]
        }
        pairs += [("color", .string(stroke.hex)), ("width", .number(width)),
                  ("fill", kind == .line || kind == .arrow ? nil : fill.map { .string($0.hex) })]
        return .object(omittingNils: pairs)
    }

    /// The rect of a text box dragged over `rect` (at least ``minimumTextBoxWidth`` wide and
    /// one line high, growing down from its top edge).
    public static func textBoxRect(_ rect: CGRect, fontSize: Double) -> CGRect {
        let box = rect.standardized
        let height = max(box.height, CGFloat(fontSize) * lineHeight)
        return CGRect(x: box.minX, y: box.maxY - height, width: max(box.width, minimumTextBoxWidth), height: height)
    }

    /// A text box over `rect` with `text` in the Text tool's style.
    public static func textBox(in rect: CGRect, text: String, style: TextToolSettings, pageIndex: Int) -> JSONValue {
        .object(omittingNils: [
            ("type", .string(AnnotationSubtype.freeText.jsonType)), ("pageIndex", .integer(pageIndex)),
            ("rect", .rect(textBoxRect(rect, fontSize: style.fontSize))), ("text", .string(text)), ("contents", .string(text)),
            ("font", .string(style.font)), ("fontSize", .number(style.fontSize)),
            ("textColor", .string(style.textColor.hex)), ("color", style.backgroundColor.map { .string($0.hex) }),
            ("width", .number(0)),
        ])
    }

    /// A sticky note showing `icon`, whose icon's upper-left corner is at `point`.
    public static func note(at point: CGPoint, text: String, color: Color, icon: NoteIcon = .note, pageIndex: Int) -> JSONValue {
        .object([
            ("type", .string(AnnotationSubtype.note.jsonType)), ("pageIndex", .integer(pageIndex)),
            ("rect", .rect(CGRect(x: point.x, y: point.y - noteSize, width: noteSize, height: noteSize))),
            ("color", .string(color.hex)), ("contents", .string(text)), ("icon", .string(icon.rawValue)),
        ])
    }

    /// Where a comment (a reply or a review state) on an annotation at `parent` is stored: a
    /// note-sized square at the parent's top-right corner, kept on `page`. Viewers that draw
    /// replies as notes (pdf.js) show them there; Marginalia shows them in the thread.
    public static func commentRect(for parent: CGRect, on page: CGRect) -> CGRect {
        kept(CGRect(x: parent.maxX, y: parent.maxY - noteSize, width: noteSize, height: noteSize), in: page)
    }

    /// The rect spanned by two points.
    public static func rect(_ a: CGPoint, _ b: CGPoint) -> CGRect {
        CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// Where a dragged image goes: the rect of the image's proportions that covers the dragged
    /// box (a drag along one axis sets the width, or the height), from the box's top-left
    /// corner, no larger than the page and kept on it.
    public static func draggedImageRect(_ size: CGSize, from a: CGPoint, to b: CGPoint, on page: CGRect) -> CGRect {
        guard size.width > 0, size.height > 0 else { return .null }
        let box = rect(a, b)
        var scale = max(box.width / size.width, box.height / size.height)
        if !page.isNull { scale = min(scale, page.width / size.width, page.height / size.height) }
        let scaled = CGSize(width: size.width * scale, height: size.height * scale)
        return kept(CGRect(x: box.minX, y: box.maxY - scaled.height, width: scaled.width, height: scaled.height), in: page)
    }

    /// `rect` moved (not resized, unless larger than the page) to lie on `page`.
    public static func kept(_ rect: CGRect, in page: CGRect) -> CGRect {
        guard !page.isNull else { return rect }
        let width = min(rect.width, page.width), height = min(rect.height, page.height)
        let x = min(max(rect.minX, page.minX), page.maxX - width)
        let y = min(max(rect.minY, page.minY), page.maxY - height)
        return CGRect(x: x, y: y, width: width, height: height)
    }

    /// `point` moved onto `page`.
    public static func clamp(_ point: CGPoint, to page: CGRect) -> CGPoint {
        guard !page.isNull else { return point }
        return CGPoint(x: min(max(point.x, page.minX), page.maxX), y: min(max(point.y, page.minY), page.maxY))
    }

    /// The corners a tap with the Shape tool at `point` drags between: a square of
    /// ``tappedShapeSize`` centred on the tap, kept on the page (no larger than it); a line or
    /// an arrow across its middle, from left to right.
    public static func tappedShapeEnds(_ kind: ShapeKind, at point: CGPoint, on page: CGRect) -> (CGPoint, CGPoint) {
        let half = tappedShapeSize / 2
        let box = kept(CGRect(x: point.x - half, y: point.y - half, width: tappedShapeSize, height: tappedShapeSize), in: page)
        switch kind {
        case .line, .arrow: return (CGPoint(x: box.minX, y: box.midY), CGPoint(x: box.maxX, y: box.midY))
        case .rectangle, .ellipse, .triangle: return (CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.maxY))
        }
    }

    /// Where a tapped image goes: its natural size (a pixel per point), at most half the page
    /// each way, centred on the tap and kept on the page.
    public static func tappedImageRect(_ size: CGSize, at point: CGPoint, on page: CGRect) -> CGRect {
        guard size.width > 0, size.height > 0 else { return .null }
        let scale = min(1, page.width / 2 / size.width, page.height / 2 / size.height)
        let scaled = CGSize(width: size.width * scale, height: size.height * scale)
        return kept(CGRect(x: point.x - scaled.width / 2, y: point.y - scaled.height / 2, width: scaled.width, height: scaled.height), in: page)
    }
}
