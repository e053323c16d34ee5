import Foundation

// Placing an annotation (moving or scaling it) as opposed to changing how it looks: the one
// mapping of its geometry, and the test that tells the two apart, which decides whether an
// appearance another application drew is kept (ISO 32000-2, 12.5.5: viewers fit the
// appearance's transformed /BBox onto /Rect, so a new /Rect alone places it).

extension PDFAnnotation {
    /// This annotation with its geometry (ink points, line ends, vertices, quads) carried by
    /// `transform` and its rect set to `newRect`, so the change stays editable in other viewers.
    public func placed(by transform: AffineTransform, in newRect: CGRect) -> PDFAnnotation {
        var result = self
        result.rect = newRect
        result.kind = kind.carried(by: transform)
        return result
    }

    /// Whether this annotation is `old` moved or scaled and nothing else: its geometry is
    /// `old`'s carried from `old.rect` onto this rect (to a hundredth of a point), and every
    /// property that shows (colours, opacity, border, text, flags, kind) is the same. Colours
    /// are compared as the annotation JSON carries them, 8 bits a channel: `old` read from a
    /// file (`/C [1 0.85 0.2]`) and the same annotation sent back by a client (`#FFD933`) are
    /// the same colour.
    func isPlacement(of old: PDFAnnotation) -> Bool {
        let expected = old.placed(by: SelectionGeometry.transform(from: old.rect, to: rect), in: rect)
        guard expected.color?.hexWithAlpha == color?.hexWithAlpha,
              expected.interiorColor?.hexWithAlpha == interiorColor?.hexWithAlpha, expected.opacity == opacity,
              expected.border == border, expected.contents == contents, expected.flags == flags,
              expected.author == author, expected.subject == subject, expected.inReplyTo == inReplyTo,
              expected.state == state else { return false }
        return Self.sameShape(expected.kind, kind)
    }

    /// Whether two kinds are equal, their points compared to a hundredth of a point (the
    /// file keeps a thousandth; a move computed from rounded rects may differ in the last place).
    private static func sameShape(_ a: Kind, _ b: Kind) -> Bool {
        func close(_ p: [CGPoint], _ q: [CGPoint]) -> Bool {
            p.count == q.count && zip(p, q).allSatisfy { abs($0.x - $1.x) <= 0.01 && abs($0.y - $1.y) <= 0.01 }
        }
        switch (a, b) {
        case (.ink(let x), .ink(let y)):
            return x.pressures == y.pressures && x.brush == y.brush && x.paths.count == y.paths.count
                && zip(x.paths, y.paths).allSatisfy { close($0, $1) }
        case (.line(let x), .line(let y)):
            return x.startEnding == y.startEnding && x.endEnding == y.endEnding && close([x.start, x.end], [y.start, y.end])
        case (.polygon(let x), .polygon(let y)):
            return close(x, y)
        case (.polyLine(let x), .polyLine(let y)):
            return x.startEnding == y.startEnding && x.endEnding == y.endEnding && close(x.vertices, y.vertices)
        case (.textMarkup(let m, let x), .textMarkup(let n, let y)):
            return m == n && close(x.flatMap(\.points), y.flatMap(\.points))
        default:
            return a == b
        }
    }
}
