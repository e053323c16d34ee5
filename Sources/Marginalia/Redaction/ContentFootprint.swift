import Foundation
import PDFCore

/// Where a form XObject was reached from: the name a `Do` gave it in the resources in force,
/// and the form. A list of them from the page's own content names the stream an operator is in.
struct FormStep: Hashable {
    var name: String
    var form: PDFReference
}

/// What each operator of a page's content puts on the page, for a redaction to decide what
/// a mark covers: every glyph with the bytes of its code and its advance, every image and
/// every painted path with their bounds. Filled by ``TextInterpreter`` while it reads the
/// page (one reading of glyph geometry for extraction, search and redaction alike).
struct ContentFootprint {
    /// One glyph: the operator that showed it, where its code is among the operator's
    /// operands, and how far it moved the pen.
    struct Glyph {
        /// The forms the content is in, outermost first; empty for the page's own content.
        var route: [FormStep]
        /// The byte offset of the showing operator (`Tj`, `TJ`, `'`, `"`) in its stream.
        var operation: Int
        /// For `TJ`: the index of the string in the array; 0 otherwise.
        var element: Int
        /// The code's bytes within that string.
        var bytes: Range<Int>
        /// The glyph's box in page space.
        var quad: TextQuad
        /// The pen's move over the glyph (advance and spacing) as a `TJ` number: what takes
        /// its place when it is cut out, so the glyphs after it stay where they were.
        var adjustment: Double
    }

    /// An image (`Do` of an image XObject, or an inline image) or a painted path.
    struct Drawing {
        enum Kind { case image, path }
        var kind: Kind
        var route: [FormStep]
        /// The byte offsets of the operators that draw it (a path's construction and its
        /// painting operator; an image's `Do` or `BI`).
        var operations: [Int]
        /// Its bounds in page space.
        var bounds: CGRect
        /// An image XObject: its name in the resources of the stream that draws it, and the
        /// matrix that maps the unit square onto the page.
        var image: (name: String, placement: TextMatrix)?
        /// A painted path: its construction in page space, the operator that paints it, and
        /// the transformation matrix it is painted under (to write a cut path back in its own
        /// user space). Nil when an operator of its construction could not be read.
        var path: (elements: BezierPath, painting: String, ctm: TextMatrix)?
    }

    var glyphs: [Glyph] = []
    var drawings: [Drawing] = []
}

/// A path being built in content (between its first construction operator and the one
/// that paints it), in page space.
struct PathInProgress {
    var operations: [Int] = []
    var bounds = CGRect.null
    var clips = false
    /// The path as built so far; nil once an operator of it could not be read.
    var elements: [BezierPath.Element]? = []
    /// The current point (for `v`) and the current subpath's start (where `h` leaves the
    /// current point, 8.5.2.1).
    var current: CGPoint?
    var subpathStart: CGPoint?

    mutating func add(_ points: [CGPoint], operation: Int) {
        operations.append(operation)
        for point in points { bounds = bounds.union(CGRect(origin: point, size: .zero)) }
    }

    /// Adds `element` to the path's construction and follows the current point.
    mutating func append(_ element: BezierPath.Element) {
        elements?.append(element)
        switch element {
        case .move(let p):
            current = p
            subpathStart = p
        case .line(let p), .curve(let p, _, _):
            current = p
        case .close:
            current = subpathStart
        }
    }
}
