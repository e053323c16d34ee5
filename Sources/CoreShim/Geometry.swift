// The few Foundation value types the engine core uses (CGFloat, CGPoint, CGSize, CGRect and
// AffineTransform), for the Embedded Swift build of the core that the browser runs: Embedded
// Swift has no Foundation. Natively the core uses Foundation's own types and this file is a
// module of its own (CoreShim), compiled only so that tests can hold its behaviour against
// Foundation's (Tests/MarginaliaCoreTests/CoreShimTests.swift): same names, same semantics
// (swift-corelibs-foundation's: null rects, standardisation, half-open `contains`).

/// Foundation's `CGFloat` is a 64-bit float on every platform the core runs on.
public typealias CGFloat = Double

/// A point in a two-dimensional coordinate system.
public struct CGPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init() { x = 0; y = 0 }
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    public init(x: Int, y: Int) { self.x = CGFloat(x); self.y = CGFloat(y) }
    public static let zero = CGPoint()
}

/// A width and a height.
public struct CGSize: Hashable, Sendable {
    public var width: CGFloat
    public var height: CGFloat
    public init() { width = 0; height = 0 }
    public init(width: CGFloat, height: CGFloat) { self.width = width; self.height = height }
    public init(width: Int, height: Int) { self.width = CGFloat(width); self.height = CGFloat(height) }
    public static let zero = CGSize()
}

/// A rectangle: an origin and a size that may be negative; the accessors standardise it.
public struct CGRect: Hashable, Sendable {
    public var origin: CGPoint
    public var size: CGSize
    public init() { origin = .zero; size = .zero }
    public init(origin: CGPoint, size: CGSize) { self.origin = origin; self.size = size }
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        origin = CGPoint(x: x, y: y)
        size = CGSize(width: width, height: height)
    }
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x: CGFloat(x), y: CGFloat(y), width: CGFloat(width), height: CGFloat(height))
    }

    public static let zero = CGRect()
    /// The rectangle that stands for "no rectangle" (the union's identity).
    public static let null = CGRect(x: .infinity, y: .infinity, width: 0, height: 0)
    public static let infinite = CGRect(x: -CGFloat.greatestFiniteMagnitude / 2, y: -CGFloat.greatestFiniteMagnitude / 2,
                                        width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    public var width: CGFloat { abs(size.width) }
    public var height: CGFloat { abs(size.height) }
    public var minX: CGFloat { origin.x + min(size.width, 0) }
    public var maxX: CGFloat { origin.x + max(size.width, 0) }
    public var midX: CGFloat { (minX + maxX) * 0.5 }
    public var minY: CGFloat { origin.y + min(size.height, 0) }
    public var maxY: CGFloat { origin.y + max(size.height, 0) }
    public var midY: CGFloat { (minY + maxY) * 0.5 }
    public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }
    public var isInfinite: Bool { self == .infinite }

    public var standardized: CGRect {
        if isNull { return .null }
        return CGRect(x: minX, y: minY, width: width, height: height)
    }

    public func insetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        if isNull { return self }
        var rect = standardized
        rect.origin.x += dx
        rect.origin.y += dy
        rect.size.width -= 2 * dx
        rect.size.height -= 2 * dy
        if rect.size.width < 0 || rect.size.height < 0 { return .null }
        return rect
    }

    public func offsetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        if isNull { return self }
        var rect = standardized
        rect.origin.x += dx
        rect.origin.y += dy
        return rect
    }

    public func union(_ other: CGRect) -> CGRect {
        if isNull { return other }
        if other.isNull { return self }
        let x1 = min(minX, other.minX), y1 = min(minY, other.minY)
        let x2 = max(maxX, other.maxX), y2 = max(maxY, other.maxY)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    public func intersection(_ other: CGRect) -> CGRect {
        if isNull || other.isNull { return .null }
        // Closed intervals: rectangles sharing an edge meet in a rectangle of zero width.
        guard minX <= other.maxX, other.minX <= maxX, minY <= other.maxY, other.minY <= maxY else { return .null }
        let x1 = max(minX, other.minX), y1 = max(minY, other.minY)
        let x2 = min(maxX, other.maxX), y2 = min(maxY, other.maxY)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    public func intersects(_ other: CGRect) -> Bool { !intersection(other).isNull }

    /// Half-open, as Foundation: the max edges are outside.
    public func contains(_ point: CGPoint) -> Bool {
        if isNull || isEmpty { return false }
        return point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `rect` lies wholly inside, edges included, compared edge by edge (a union
    /// compared with `self` differs in the last bit of a width computed again, and a rubber
    /// band around annotations once selected none of them).
    public func contains(_ rect: CGRect) -> Bool {
        if rect.isNull { return true }
        if isNull { return false }
        return minX <= rect.minX && minY <= rect.minY && rect.maxX <= maxX && rect.maxY <= maxY
    }
}

/// An affine transform in Foundation's row-vector convention, which is PDF's: a point maps as
/// `[x y 1] × | m11 m12 0 ; m21 m22 0 ; tX tY 1 |`, and `a.append(b)` is "a, then b".
public struct AffineTransform: Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m21: CGFloat, m22: CGFloat, tX: CGFloat, tY: CGFloat

    public init(m11: CGFloat, m12: CGFloat, m21: CGFloat, m22: CGFloat, tX: CGFloat, tY: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m21 = m21; self.m22 = m22; self.tX = tX; self.tY = tY
    }

    public init() { self.init(m11: 1, m12: 0, m21: 0, m22: 1, tX: 0, tY: 0) }

    public static let identity = AffineTransform()

    public func transform(_ point: CGPoint) -> CGPoint {
        CGPoint(x: m11 * point.x + m21 * point.y + tX, y: m12 * point.x + m22 * point.y + tY)
    }

    public func transform(_ size: CGSize) -> CGSize {
        CGSize(width: m11 * size.width + m21 * size.height, height: m12 * size.width + m22 * size.height)
    }

    /// This transform followed by `other`.
    public mutating func append(_ other: AffineTransform) {
        self = AffineTransform(
            m11: m11 * other.m11 + m12 * other.m21, m12: m11 * other.m12 + m12 * other.m22,
            m21: m21 * other.m11 + m22 * other.m21, m22: m21 * other.m12 + m22 * other.m22,
            tX: tX * other.m11 + tY * other.m21 + other.tX, tY: tX * other.m12 + tY * other.m22 + other.tY)
    }

    /// `other` followed by this transform.
    public mutating func prepend(_ other: AffineTransform) {
        var result = other
        result.append(self)
        self = result
    }
}
