import Foundation
// Placeholder until the geometry branch lands (replaced by helper-geometry's BezierPath).
public struct BezierPath: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(to: CGPoint), line(to: CGPoint), curve(to: CGPoint, control1: CGPoint, control2: CGPoint), close
    }
    public var elements: [Element] = []
    public static func smoothed(points: [CGPoint]) -> BezierPath {
        var path = BezierPath()
        for (i, p) in points.enumerated() { path.elements.append(i == 0 ? .move(to: p) : .line(to: p)) }
        return path
    }
}
