#if !hasFeature(Embedded)
import Foundation
#endif

/// The shapes at the ends of lines and polylines (`/LE`, ISO 32000-2, Table 179).
public enum LineEnding: String, Hashable, Sendable, CaseIterable {
    case none = "None", square = "Square", circle = "Circle", diamond = "Diamond"
    case openArrow = "OpenArrow", closedArrow = "ClosedArrow", butt = "Butt"
    case reversedOpenArrow = "ROpenArrow", reversedClosedArrow = "RClosedArrow", slash = "Slash"

    /// The name used in the project's JSON: `openArrow`, `closedArrow`...
    public var jsonName: String {
        switch self {
        case .reversedOpenArrow: return "rOpenArrow"
        case .reversedClosedArrow: return "rClosedArrow"
        default: return rawValue.prefix(1).lowercased() + rawValue.dropFirst()
        }
    }

    public init?(jsonName: String) {
        guard let match = LineEnding.allCases.first(where: { $0.jsonName == jsonName }) else { return nil }
        self = match
    }

    /// Whether the ending is a closed shape, filled with the interior colour when the
    /// annotation has one.
    public var isClosed: Bool {
        switch self {
        case .closedArrow, .reversedClosedArrow, .circle, .square, .diamond: return true
        case .none, .openArrow, .reversedOpenArrow, .butt, .slash: return false
        }
    }

    /// How big an ending is on a line `width` points wide: an arrow's length and the diameter
    /// of circles, squares and diamonds. Every ending fits in a circle of this radius around
    /// the line's end point, which an appearance adds to `/Rect`.
    public static func size(forLineWidth width: Double) -> CGFloat { max(6, 4 * CGFloat(width)) }

    /// The ending's outline at `tip`, for a line arriving from `from`, `size` across
    /// (``size(forLineWidth:)``); empty for `none` or a line of no length. Closed endings
    /// (``isClosed``) are closed paths.
    public func path(tip: CGPoint, from: CGPoint, size: CGFloat) -> BezierPath {
        let dx = tip.x - from.x, dy = tip.y - from.y
        let length = (dx * dx + dy * dy).squareRoot()
        var path = BezierPath()
        guard length > 0, length.isFinite else { return path }
        // Unit vector along the line towards the tip, and its normal.
        let ux = dx / length, uy = dy / length
        let nx = -uy, ny = ux
        func at(_ along: CGFloat, _ across: CGFloat) -> CGPoint {
            CGPoint(x: tip.x + ux * along + nx * across, y: tip.y + uy * along + ny * across)
        }
        func polygon(_ points: [CGPoint], closed: Bool) {
            path.move(to: points[0])
            for point in points.dropFirst() { path.addLine(to: point) }
            if closed { path.close() }
        }
        let half = size / 2
        // An arrow's sides make 30 degrees with the line.
        let back = size * 0.866, side = size * 0.5
        switch self {
        case .none:
            break
        case .openArrow, .reversedOpenArrow, .closedArrow, .reversedClosedArrow:
            let direction: CGFloat = self == .openArrow || self == .closedArrow ? -1 : 1
            polygon([at(direction * back, side), tip, at(direction * back, -side)], closed: isClosed)
        case .circle:
            path = BezierPath(ovalIn: CGRect(x: tip.x - half, y: tip.y - half, width: size, height: size))
        case .square:
            polygon([at(-half, -half), at(half, -half), at(half, half), at(-half, half)], closed: true)
        case .diamond:
            polygon([at(-half, 0), at(0, -half), at(half, 0), at(0, half)], closed: true)
        case .butt:
            polygon([at(0, -half), at(0, half)], closed: false)
        case .slash:
            // 60 degrees from the line, through the tip.
            polygon([at(-half * 0.5, -half * 0.866), at(half * 0.5, half * 0.866)], closed: false)
        }
        return path
    }
}
