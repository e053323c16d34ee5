import Foundation
import Testing
@testable import MarginaliaCore

/// The parent of every geometry suite, so `swift test --filter Geometry` runs them all.
@Suite("Geometry")
struct GeometryTests {}

// MARK: - Helpers shared by the geometry suites

// Nested in the parent suite so their names cannot clash with other test files.
extension GeometryTests {
    /// Whether two numbers agree within `tolerance`.
    static func approximately(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-9) -> Bool {
        abs(a - b) <= tolerance
    }

    /// Whether two points agree within `tolerance` in each coordinate.
    static func approximately(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    /// Whether two rectangles agree within `tolerance` on every edge.
    static func approximately(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
        approximately(a.minX, b.minX, tolerance) && approximately(a.minY, b.minY, tolerance)
            && approximately(a.maxX, b.maxX, tolerance) && approximately(a.maxY, b.maxY, tolerance)
    }

    /// Whether two paths have the same kinds of elements with points within `tolerance`.
    static func approximately(_ a: BezierPath, _ b: BezierPath, _ tolerance: CGFloat = 1e-9) -> Bool {
        guard a.elements.count == b.elements.count else { return false }
        for (x, y) in zip(a.elements, b.elements) {
            switch (x, y) {
            case (.move(let p), .move(let q)), (.line(let p), .line(let q)):
                guard approximately(p, q, tolerance) else { return false }
            case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)):
                guard approximately(p, q, tolerance), approximately(c1, d1, tolerance),
                      approximately(c2, d2, tolerance) else { return false }
            case (.close, .close):
                continue
            default:
                return false
            }
        }
        return true
    }

    /// Values that break naive geometry code.
    static let hostileNumbers: [CGFloat] = [
        .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        1e300, -1e300, 1e-300, 0, -0.0, 1e15, -1e15, .leastNonzeroMagnitude,
    ]

    /// Points made of hostile numbers and ordinary ones.
    static let hostilePoints: [CGPoint] = hostileNumbers.flatMap { value in
        [CGPoint(x: value, y: 0), CGPoint(x: 1, y: value), CGPoint(x: value, y: value)]
    }
}

extension SeededGenerator {
    mutating func point(in range: ClosedRange<CGFloat>) -> CGPoint {
        CGPoint(x: CGFloat.random(in: range, using: &self), y: CGFloat.random(in: range, using: &self))
    }
}
