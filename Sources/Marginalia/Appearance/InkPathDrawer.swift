import Foundation

/// Turns ink points into path operators: a smooth curve through the points (what pen
/// input looks like in every editor), or a filled outline whose width follows pressure.
enum InkPathDrawer {
    static func smooth(_ points: [CGPoint], _ content: inout ContentStreamBuilder) {
        let clean = points.filter { $0.x.isFinite && $0.y.isFinite }
        guard let first = clean.first else { return }
        if clean.count == 1 {
            // A dot: a zero-length segment that round caps turn into a disc.
            content.move(first)
            content.line(first)
            return
        }
        content.append(BezierPath.smoothed(points: clean))
    }

    static func variableWidth(_ points: [CGPoint], widths: [CGFloat], _ content: inout ContentStreamBuilder) {
        let pairs = zip(points, widths).filter { $0.0.x.isFinite && $0.0.y.isFinite && $0.1.isFinite }
        guard !pairs.isEmpty else { return }
        content.append(VariableWidthStroke.outline(points: pairs.map(\.0), widths: pairs.map(\.1)))
    }
}

extension ContentStreamBuilder {
    /// Appends the path's elements as path-construction operators (no painting operator).
    public mutating func append(_ path: BezierPath) {
        for element in path.elements {
            switch element {
            case .move(let p): move(p)
            case .line(let p): line(p)
            case .curve(let to, let c1, let c2): curve(c1, c2, to)
            case .close: closePath()
            }
        }
    }
}
