#if !hasFeature(Embedded)
import Foundation
#endif

/// A path of straight and cubic Bézier segments in page space, shaped like PDFKit's and
/// UIKit's `UIBezierPath` but a value type.
///
/// The path is a list of ``Element``s with PDF's path semantics (ISO 32000-1, 8.5.2): a
/// `move` begins a subpath, `close` joins it back to its start and leaves the current point
/// there. The appearance generator turns elements into `m`, `l`, `c` and `h` operators; the
/// hit tests, erasers and spatial index use the same path through ``flattened(tolerance:)``.
///
/// A path is only data: no method traps, whatever the coordinates (NaN, infinities, huge
/// values). Geometry queries skip non-finite points.
public struct BezierPath: Hashable, Sendable {
    /// One drawing instruction of a path.
    public enum Element: Hashable, Sendable {
        /// Begin a new subpath at a point (`m`).
        case move(to: CGPoint)
        /// A straight segment from the current point (`l`).
        case line(to: CGPoint)
        /// A cubic Bézier segment from the current point (`c`).
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// Close the subpath with a straight segment back to its start (`h`).
        case close

        /// The point the element ends at, or nil for `close`.
        public var endPoint: CGPoint? {
            switch self {
            case .move(let point), .line(let point), .curve(let point, _, _): return point
            case .close: return nil
            }
        }

        /// The element with every point mapped through `t`.
        public func applying(_ t: AffineTransform) -> Element {
            switch self {
            case .move(let p): return .move(to: t.transform(p))
            case .line(let p): return .line(to: t.transform(p))
            case .curve(let p, let c1, let c2):
                return .curve(to: t.transform(p), control1: t.transform(c1), control2: t.transform(c2))
            case .close: return .close
            }
        }
    }

    /// The elements in drawing order.
    public var elements: [Element]

    /// An empty path.
    public init() {
        elements = []
    }

    /// A path made of the given elements, taken as they are.
    ///
    /// A line or curve with no current point before it starts a subpath at its own end
    /// point, as ``addLine(to:)`` does.
    public init(elements: [Element]) {
        self.elements = elements
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The point the next segment would start from: the end of the last element, or the
    /// start of the last subpath after a `close`. Nil for an empty path.
    public var currentPoint: CGPoint? {
        var subpathStart: CGPoint?
        var current: CGPoint?
        for element in elements {
            switch element {
            case .move(let p):
                subpathStart = p
                current = p
            case .line(let p), .curve(let p, _, _):
                if current == nil { subpathStart = p }
                current = p
            case .close:
                current = subpathStart ?? current
            }
        }
        return current
    }

    // MARK: - Building

    /// Begins a new subpath at `point`.
    public mutating func move(to point: CGPoint) {
        elements.append(.move(to: point))
    }

    /// Adds a straight segment from the current point to `point`.
    ///
    /// With no current point (an empty path), this begins a subpath at `point` instead.
    public mutating func addLine(to point: CGPoint) {
        guard currentPointForAppending != nil else { return move(to: point) }
        elements.append(.line(to: point))
    }

    /// Adds a cubic Bézier segment from the current point to `point`.
    ///
    /// With no current point (an empty path), this begins a subpath at `point` instead.
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard currentPointForAppending != nil else { return move(to: point) }
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Adds a quadratic Bézier segment, stored as the equivalent cubic (PDF has no
    /// quadratic operator): each cubic control point lies 2/3 of the way from an end
    /// point to the quadratic control point.
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        guard let start = currentPointForAppending else { return move(to: point) }
        let c1 = CGPoint(x: start.x + 2 / 3 * (control.x - start.x),
                         y: start.y + 2 / 3 * (control.y - start.y))
        let c2 = CGPoint(x: point.x + 2 / 3 * (control.x - point.x),
                         y: point.y + 2 / 3 * (control.y - point.y))
        elements.append(.curve(to: point, control1: c1, control2: c2))
    }

    /// Closes the current subpath with a straight segment back to its start.
    ///
    /// Does nothing on an empty path or a subpath that is already closed.
    public mutating func close() {
        guard let last = elements.last, last != .close else { return }
        elements.append(.close)
    }

    /// Appends the elements of `other`; its subpaths stay separate subpaths.
    public mutating func append(_ other: BezierPath) {
        elements.append(contentsOf: other.elements)
    }

    /// The current point, found from the end (cheap for the common case of building a
    /// path element by element).
    private var currentPointForAppending: CGPoint? {
        guard let last = elements.last else { return nil }
        if let point = last.endPoint { return point }
        return currentPoint
    }

    // MARK: - Transforming

    /// The path with every point (end points and control points) mapped through `t`.
    ///
    /// Affine maps take Bézier curves to Bézier curves exactly, so this is lossless.
    public func applying(_ t: AffineTransform) -> BezierPath {
        BezierPath(elements: elements.map { $0.applying(t) })
    }

    /// Maps every point of the path through `t`.
    public mutating func apply(_ t: AffineTransform) {
        self = applying(t)
    }
}

// MARK: - Shapes

extension BezierPath {
    /// The magic number for approximating a quarter circle with one cubic:
    /// 4/3 · (√2 − 1), which puts the curve's midpoint exactly on the circle.
    static let kappa: CGFloat = 0.5522847498307936

    /// A closed rectangle, counterclockwise from its lower-left corner (in y-up space).
    ///
    /// A rectangle with negative size is standardised first. A null or non-finite
    /// rectangle gives an empty path.
    public init(rect: CGRect) {
        self.init()
        guard let r = BezierPath.finiteStandardized(rect) else { return }
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        close()
    }

    /// A closed ellipse inscribed in `rect`: four cubic quarter arcs, counterclockwise
    /// from the rightmost point. A null or non-finite rectangle gives an empty path.
    public init(ovalIn rect: CGRect) {
        self.init()
        guard let r = BezierPath.finiteStandardized(rect) else { return }
        let center = CGPoint(x: r.midX, y: r.midY)
        let rx = r.width / 2, ry = r.height / 2
        let axes = [CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1), CGPoint(x: -1, y: 0), CGPoint(x: 0, y: -1)]
        func point(_ u: CGPoint, _ k: CGFloat = 1) -> CGPoint {
            CGPoint(x: center.x + u.x * rx * k, y: center.y + u.y * ry * k)
        }
        move(to: point(axes[0]))
        for index in 0..<4 {
            let from = axes[index], to = axes[(index + 1) % 4]
            addCurve(to: point(to),
                     control1: CGPoint(x: point(from).x + to.x * rx * BezierPath.kappa,
                                       y: point(from).y + to.y * ry * BezierPath.kappa),
                     control2: CGPoint(x: point(to).x + from.x * rx * BezierPath.kappa,
                                       y: point(to).y + from.y * ry * BezierPath.kappa))
        }
        close()
    }

    /// Straight segments through `points`, closed back to the first point when `closed`.
    ///
    /// One point gives a zero-length segment (which strokes as a dot with round caps);
    /// no points give an empty path.
    public init(polyline points: [CGPoint], closed: Bool) {
        self.init()
        guard let first = points.first else { return }
        move(to: first)
        if points.count == 1 {
            addLine(to: first)
        } else {
            for point in points.dropFirst() { addLine(to: point) }
        }
        if closed { close() }
    }

    static func finiteStandardized(_ rect: CGRect) -> CGRect? {
        guard !rect.isNull else { return nil }
        let r = rect.standardized
        guard [r.minX, r.minY, r.maxX, r.maxY].allSatisfy({ $0.isFinite }) else { return nil }
        return r
    }
}
