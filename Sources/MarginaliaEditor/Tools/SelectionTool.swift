import Foundation
import Marginalia

/// What the Select tool does: pick the topmost annotation under a tap (geometric hit test),
/// lasso several, and turn moves, resizes, deletes and style changes of the selection into
/// one undoable operation each. Locked and read-only annotations are never changed.
public enum SelectionTool {
    /// The topmost annotation of page `pageIndex` under `point` (page space).
    public static func select(at point: CGPoint, onPage pageIndex: Int, in document: PDFDocument,
                              tolerance: CGFloat = 4) throws -> PDFAnnotation? {
        try document.annotation(at: point, onPage: pageIndex, tolerance: tolerance)
    }

    /// The annotations of page `pageIndex` inside a lasso (a closed polygon in page space):
    /// ink whose every point is inside, other kinds whose rect's centre is inside.
    public static func lasso(_ polygon: [CGPoint], onPage pageIndex: Int, in document: PDFDocument) throws -> [PDFAnnotation] {
        let index = try document.annotationIndex(forPage: pageIndex)
        return index.geometryIndex.annotations(inLasso: polygon).filter(\.isEditable).compactMap { index.annotation(id: $0.id) }
    }

    static func editable(_ annotations: [PDFAnnotation]) -> [PDFAnnotation] {
        annotations.filter { !$0.flags.contains(.locked) && !$0.flags.contains(.readOnly) && $0.kind.isDrawable }
    }

    static func changes(_ annotations: [PDFAnnotation], name: String, _ change: (PDFAnnotation) -> PDFAnnotation) -> EditorOperation? {
        let operations = editable(annotations).compactMap { before -> EditorOperation? in
            let after = change(before)
            return after == before ? nil : .changeAnnotation(before: before, after: after)
        }
        return operations.isEmpty ? nil : .group(name: name, operations)
    }

    /// Moves the selection by (dx, dy) as one piece, kept on the page (the offset is clamped
    /// for the selection's bounds, so the annotations keep their places relative to each other).
    public static func move(_ annotations: [PDFAnnotation], dx: CGFloat, dy: CGFloat, pageBounds: CGRect) -> EditorOperation? {
        let moving = editable(annotations)
        let bounds = moving.reduce(CGRect.null) { $0.union($1.rect) }
        let offset = SelectionGeometry.clampedOffset(dx, dy, for: bounds, within: pageBounds)
        return changes(moving, name: "move") { AnnotationGeometryEditing.moved($0, exactly: offset.dx, offset.dy) }
    }

    /// Resizes one annotation to `rect` (images and notes keep their proportions).
    public static func resize(_ annotation: PDFAnnotation, to rect: CGRect, pageBounds: CGRect) -> EditorOperation? {
        changes([annotation], name: "resize") {
            AnnotationGeometryEditing.resized($0, to: rect, keepAspectRatio: annotation.annotation.keepsAspectRatio, within: pageBounds)
        }
    }

    /// Deletes the selection.
    public static func delete(_ annotations: [PDFAnnotation]) -> EditorOperation? {
        // Each raised to the top first, so its undo (an addition, which lands on top) puts
        // it back where it was in the drawing order.
        let removals = editable(annotations).flatMap { annotation -> [EditorOperation] in
            guard let page = annotation.pageIndex else { return [.removeAnnotation(annotation)] }
            return [.arrangeAnnotation(id: annotation.id, pageIndex: page, from: -1, to: Int.max), .removeAnnotation(annotation)]
        }
        return removals.isEmpty ? nil : .group(name: "delete", removals)
    }

    /// Applies a style change to the selection (one undo step): colour (the text colour of
    /// free text), width (kinds with a border or stroke), opacity, fill (the kinds with an
    /// interior colour: ``AnnotationCapabilities/interiorColor``), font size and bold (free text).
    public static func restyle(_ annotations: [PDFAnnotation], _ style: EditorCommand.Restyle) -> EditorOperation? {
        changes(annotations, name: "restyle") { annotation in
            var result = annotation
            if let color = style.color {
                if case .freeText(var text) = result.kind {
                    text.textColor = color
                    result.kind = .freeText(text)
                } else {
                    result.color = color
                }
            }
            if let width = style.width, annotation.kind.drawsBorder { result.border.width = width }
            if let opacity = style.opacity { result.opacity = opacity }
            // The kinds with an interior colour in the vocabulary table: a shape's inside, a
            // line's or polyline's closed endings, a redaction's overlay.
            if let fill = style.fill, annotation.kind.annotationSubtype?.capabilities.contains(.interiorColor) == true {
                switch fill {
                case .none: result.interiorColor = nil
                case .color(let color): result.interiorColor = color
                }
            }
            if case .freeText(var text) = result.kind {
                if let size = style.fontSize { text.fontSize = size }
                text.font = restyledFont(text.font, style)
                if let alignment = style.alignment {
                    switch alignment {
                    case .left: text.alignment = .left
                    case .center: text.alignment = .center
                    case .right: text.alignment = .right
                    }
                }
                result.kind = .freeText(text)
            }
            if let icon = style.icon, case .note(var note) = result.kind {
                note.icon = icon.rawValue
                result.kind = .note(note)
            }
            return result
        }
    }

    /// A text box's font after `style`: its family, weight and slant as the style says, the
    /// rest as they were. A font that is no standard font is kept unless the style names a
    /// family (it is then set in that family).
    static func restyledFont(_ font: String, _ style: EditorCommand.Restyle) -> String {
        guard style.bold != nil || style.italic != nil || style.family != nil else { return font }
        let face = StandardFont.resolve(font)
        let family: StandardFont
        switch style.family {
        case .helvetica?: family = .helvetica
        case .times?: family = .timesRoman
        case .courier?: family = .courier
        case nil:
            guard let face else { return font }
            family = face
        }
        let name = face?.rawValue ?? ""
        let bold = style.bold ?? name.contains("Bold")
        let italic = style.italic ?? (name.hasSuffix("Oblique") || name.hasSuffix("Italic"))
        return family.withTraits(bold: bold, italic: italic).rawValue
    }

    /// Gives the selection a new colour (the stroke colour, or the text colour of free text).
    public static func recolor(_ annotations: [PDFAnnotation], to color: Color) -> EditorOperation? {
        changes(annotations, name: "recolour") { annotation in
            var result = annotation
            if case .freeText(var text) = annotation.kind {
                text.textColor = color
                result.kind = .freeText(text)
            } else {
                result.color = color
            }
            return result
        }
    }

    /// Gives the selection a new line width (ink, shapes, lines).
    public static func setWidth(_ annotations: [PDFAnnotation], to width: Double) -> EditorOperation? {
        guard width.isFinite, width >= 0, width <= 200 else { return nil }
        return changes(annotations, name: "change width") { annotation in
            guard annotation.kind.drawsBorder else { return annotation }
            var result = annotation
            result.border.width = width
            return result
        }
    }
}
