import Foundation

/// Four corners in page space around text: a glyph, a word, a line or a search match.
///
/// The corners follow the text, not the page: `bottomLeft` to `bottomRight` runs along the
/// text's direction at its descent, `topLeft` to `topRight` at its ascent. On rotated pages
/// and for rotated text a quad is not an axis-aligned rectangle, which is why markup
/// annotations (`/QuadPoints`) store quads.
public struct TextQuad: Hashable, Sendable {
    public var bottomLeft: CGPoint
    public var bottomRight: CGPoint
    public var topRight: CGPoint
    public var topLeft: CGPoint

    public init(bottomLeft: CGPoint, bottomRight: CGPoint, topRight: CGPoint, topLeft: CGPoint) {
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
        self.topRight = topRight
        self.topLeft = topLeft
    }

    /// The axis-aligned rectangle around the four corners.
    public var bounds: CGRect {
        let minX = min(bottomLeft.x, bottomRight.x, topRight.x, topLeft.x)
        let maxX = max(bottomLeft.x, bottomRight.x, topRight.x, topLeft.x)
        let minY = min(bottomLeft.y, bottomRight.y, topRight.y, topLeft.y)
        let maxY = max(bottomLeft.y, bottomRight.y, topRight.y, topLeft.y)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The part of the quad between two fractions of its length along the text (0 at its
    /// start, 1 at its end): the box of a run of characters inside a word.
    public func portion(from start: Double, to end: Double) -> TextQuad {
        func along(_ from: CGPoint, _ to: CGPoint, _ t: Double) -> CGPoint {
            CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
        }
        return TextQuad(bottomLeft: along(bottomLeft, bottomRight, start), bottomRight: along(bottomLeft, bottomRight, end),
                        topRight: along(topLeft, topRight, end), topLeft: along(topLeft, topRight, start))
    }

    /// The quad spanning this one and `other`, which continues it along the same line:
    /// this one's start edge and the other's end edge.
    public func extended(to other: TextQuad) -> TextQuad {
        TextQuad(bottomLeft: bottomLeft, bottomRight: other.bottomRight, topRight: other.topRight, topLeft: topLeft)
    }

    /// The eight numbers of a `/QuadPoints` entry, in the order viewers read (top-left,
    /// top-right, bottom-left, bottom-right; ISO 32000-2, 12.5.6.10).
    public var quadPoints: [Double] {
        [topLeft.x, topLeft.y, topRight.x, topRight.y, bottomLeft.x, bottomLeft.y, bottomRight.x, bottomRight.y].map { Double($0) }
    }

    /// The length of the baseline edge.
    var length: Double {
        Double(hypot(bottomRight.x - bottomLeft.x, bottomRight.y - bottomLeft.y))
    }

    /// The length of the side edge (the text's height).
    var height: Double {
        Double(hypot(topLeft.x - bottomLeft.x, topLeft.y - bottomLeft.y))
    }
}
