import Foundation

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
