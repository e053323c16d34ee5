import Foundation
import PDFCore

/// Recording a page's ``ContentFootprint`` while the interpreter reads it: the glyphs are
/// placed by the interpreter's own text code; images and painted paths are placed here by
/// the current transformation matrix.
extension TextInterpreter {
    /// Records a glyph just shown, whose code is `bytes` of the current string and which moved
    /// the pen by `move` in unscaled text space units (the advance and spacing, before `Tz`).
    mutating func recordGlyph(_ quad: TextQuad, _ bytes: Range<Int>, move: Double, size: Double) {
        let adjustment = size != 0 && move.isFinite ? -move / size * 1000 : 0
        footprint?.glyphs.append(ContentFootprint.Glyph(route: currentRoute, operation: currentSource.operation,
                                                        element: currentSource.element, bytes: bytes, quad: quad,
                                                        adjustment: adjustment))
    }

    /// Records an image drawn by `Do` or inline: the unit square under `ctm` (8.9.4).
    /// `name`: the XObject's resource name (nil for an inline image).
    mutating func recordImage(ctm: TextMatrix, operation: Int, name: String? = nil) {
        let corners = [ctm.apply(0, 0), ctm.apply(1, 0), ctm.apply(0, 1), ctm.apply(1, 1)]
        footprint?.drawings.append(ContentFootprint.Drawing(kind: .image, route: currentRoute, operations: [operation],
                                                            bounds: CGRect.bounding(corners), image: name.map { ($0, ctm) }, path: nil))
    }

    /// Follows path construction and painting (8.5.2, 8.5.3): a path painted without being a
    /// clip is recorded with all its operators; `n` ends a path and paints nothing.
    mutating func recordDrawing(_ operation: ContentOperation, _ ctm: TextMatrix, _ path: inout PathInProgress) {
        let numbers = operation.operands.compactMap(\.numberValue)
        func points(_ count: Int) -> [CGPoint]? {
            guard numbers.count == count * 2, numbers.allSatisfy(\.isFinite) else { return nil }
            return stride(from: 0, to: count * 2, by: 2).map { ctm.apply(numbers[$0], numbers[$0 + 1]) }
        }
        switch operation.name {
        case "m", "l":
            guard let p = points(1) else { path.elements = nil; return }
            path.add(p, operation: operation.offset)
            if operation.name == "m" || path.current == nil { path.append(.move(to: p[0])) } else { path.append(.line(to: p[0])) }
        case "c", "v", "y":
            let count = operation.name == "c" ? 3 : 2
            guard let p = points(count), let current = path.current else { path.elements = nil; return }
            path.add(p, operation: operation.offset)
            // v: the current point is the first control point; y: the end is the second (8.5.2.2).
            let (c1, c2) = operation.name == "c" ? (p[0], p[1]) : operation.name == "v" ? (current, p[0]) : (p[0], p[1])
            path.append(.curve(to: p[count - 1], control1: c1, control2: c2))
        case "re":
            guard numbers.count == 4, numbers.allSatisfy(\.isFinite) else { path.elements = nil; return }
            let (x, y, w, h) = (numbers[0], numbers[1], numbers[2], numbers[3])
            let corners = [ctm.apply(x, y), ctm.apply(x + w, y), ctm.apply(x + w, y + h), ctm.apply(x, y + h)]
            path.add(corners, operation: operation.offset)
            // A complete closed subpath: m, three l and h (8.5.2.1).
            path.append(.move(to: corners[0]))
            for corner in corners.dropFirst() { path.append(.line(to: corner)) }
            path.append(.close)
        case "h":
            path.operations.append(operation.offset)
            path.append(.close)
        case "W", "W*":
            path.clips = true
        case "S", "s", "f", "F", "f*", "B", "B*", "b", "b*":
            if !path.clips && !path.operations.isEmpty {
                let construction = path.elements.map { (elements: BezierPath(elements: $0), painting: operation.name, ctm: ctm) }
                footprint?.drawings.append(ContentFootprint.Drawing(kind: .path, route: currentRoute,
                                                                    operations: path.operations + [operation.offset],
                                                                    bounds: path.bounds, path: construction))
            }
            path = PathInProgress()
        case "n":
            path = PathInProgress()
        case "BI", "EI":
            if operation.inlineImage != nil { recordImage(ctm: ctm, operation: operation.offset) }
        default:
            break
        }
    }
}
