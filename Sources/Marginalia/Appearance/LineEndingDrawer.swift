import Foundation

/// Draws line endings (`/LE`, ISO 32000-2, Table 179) at the ends of lines and polylines.
/// Each ending fits in a circle of radius `size` around the line's end point, which is
/// what the appearance adds to `/Rect`.
struct LineEndingDrawer {
    /// Arrow length and the diameter of circles, squares and diamonds.
    var size: CGFloat
    /// Closed shapes are filled with the interior colour when the annotation has one.
    var fill: Bool

    static func size(forLineWidth width: Double) -> CGFloat { max(6, 4 * CGFloat(width)) }

    /// Draws `ending` at `tip`, for a line arriving from `from`.
    func draw(_ ending: LineEnding, tip: CGPoint, from: CGPoint, _ content: inout ContentStreamBuilder) {
        let dx = tip.x - from.x, dy = tip.y - from.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite else { return }
        // Unit vector along the line towards the tip, and its normal.
        let ux = dx / length, uy = dy / length
        let nx = -uy, ny = ux
        func at(_ along: CGFloat, _ across: CGFloat) -> CGPoint {
            CGPoint(x: tip.x + ux * along + nx * across, y: tip.y + uy * along + ny * across)
        }
        let half = size / 2
        // An arrow's sides make 30 degrees with the line.
        let back = size * 0.866, side = size * 0.5
        switch ending {
        case .none:
            return
        case .openArrow, .reversedOpenArrow:
            let direction: CGFloat = ending == .openArrow ? -1 : 1
            content.move(at(direction * back, side))
            content.line(tip)
            content.line(at(direction * back, -side))
            content.stroke()
        case .closedArrow, .reversedClosedArrow:
            let direction: CGFloat = ending == .closedArrow ? -1 : 1
            content.move(at(direction * back, side))
            content.line(tip)
            content.line(at(direction * back, -side))
            content.closePath()
            fill ? content.fillAndStroke() : content.stroke()
        case .circle:
            AppearanceBuilder.ellipse(in: CGRect(x: tip.x - half, y: tip.y - half, width: size, height: size), &content)
            fill ? content.fillAndStroke() : content.stroke()
        case .square:
            content.move(at(-half, -half))
            content.line(at(half, -half))
            content.line(at(half, half))
            content.line(at(-half, half))
            content.closePath()
            fill ? content.fillAndStroke() : content.stroke()
        case .diamond:
            content.move(at(-half, 0))
            content.line(at(0, -half))
            content.line(at(half, 0))
            content.line(at(0, half))
            content.closePath()
            fill ? content.fillAndStroke() : content.stroke()
        case .butt:
            content.move(at(0, -half))
            content.line(at(0, half))
            content.stroke()
        case .slash:
            // 60 degrees from the line, through the tip.
            content.move(at(-half * 0.5, -half * 0.866))
            content.line(at(half * 0.5, half * 0.866))
            content.stroke()
        }
    }
}
