import Foundation

/// Where something that is not page text (an annotation's rectangle) falls in a page's
/// reading order, so that search matches in annotations can be listed among the page's text
/// matches (columns included: the words are in ``PageText``'s reading order).
///
/// The rule: the place of a rectangle is taken at its centre. The word of the page nearest
/// to that centre (by distance to the word's box; the first such word in reading order on a
/// tie) is its neighbour. The rectangle comes just before that word when the centre lies
/// above the word's line (by more than half the word's height), just after it when below;
/// on the line, after it when the centre is past the word's middle along its baseline.
/// On a page without words every rectangle comes at the start, ordered among themselves by
/// their top edge (highest first), then their left edge.
public enum ReadingOrder {
    /// The index of the first word of `words` that comes after `rect` in reading order
    /// (`words.count` when the rectangle comes after every word).
    public static func position(of rect: CGRect, among words: [TextWord]) -> Int {
        let centre = CGPoint(x: rect.midX, y: rect.midY)
        var nearest = -1
        var best = Double.infinity
        for (index, word) in words.enumerated() {
            let distance = Self.distance(from: centre, to: word.quad.bounds)
            if distance < best {
                best = distance
                nearest = index
                if distance == 0 { break }
            }
        }
        guard nearest >= 0 else { return 0 }
        let quad = words[nearest].quad
        let baseline = (x: Double(quad.bottomRight.x - quad.bottomLeft.x), y: Double(quad.bottomRight.y - quad.bottomLeft.y))
        let up = (x: Double(quad.topLeft.x - quad.bottomLeft.x), y: Double(quad.topLeft.y - quad.bottomLeft.y))
        let middle = CGPoint(x: (quad.bottomLeft.x + quad.topRight.x) / 2, y: (quad.bottomLeft.y + quad.topRight.y) / 2)
        let offset = (x: Double(centre.x - middle.x), y: Double(centre.y - middle.y))
        let along = offset.x * baseline.x + offset.y * baseline.y
        // Beyond the line (by more than half the word's height) above: read before the word;
        // below: after it; on the line: by which half of the word it is in.
        let height = up.x * up.x + up.y * up.y
        let across = offset.x * up.x + offset.y * up.y
        if across > height / 2 { return nearest }
        if across < -height / 2 { return nearest + 1 }
        return along > 0 ? nearest + 1 : nearest
    }

    /// Orders rectangles on a page (annotation hits): by their place among `words`, then top
    /// edge first, then left edge; returns the indexes of `rects` in that order.
    public static func order(_ rects: [CGRect], among words: [TextWord]) -> [Int] {
        let places = rects.map { position(of: $0, among: words) }
        return rects.indices.sorted { a, b in
            if places[a] != places[b] { return places[a] < places[b] }
            if rects[a].maxY != rects[b].maxY { return rects[a].maxY > rects[b].maxY }
            if rects[a].minX != rects[b].minX { return rects[a].minX < rects[b].minX }
            return a < b
        }
    }

    private static func distance(from point: CGPoint, to box: CGRect) -> Double {
        let dx = max(Double(box.minX - point.x), 0, Double(point.x - box.maxX))
        let dy = max(Double(box.minY - point.y), 0, Double(point.y - box.maxY))
        return dx * dx + dy * dy
    }
}

extension TextMatcher {
    /// The matches in a plain text that has no place on a page (an annotation's `/Contents`),
    /// each as the text it covers; read as words cut by ``WordRule``, as a page's words are.
    public func matches(inPlainText text: String) -> [String] {
        let origin = CGPoint.zero
        let words = text.split(whereSeparator: WordRule.separates).map { piece in
            TextWord(text: String(piece) as String, quad: TextQuad(bottomLeft: origin, bottomRight: origin, topRight: origin, topLeft: origin),
                     characterEdges: Array(repeating: 0, count: piece.count + 1), characterRange: 0..<0, isHyphenated: false)
        }
        return matches(in: words).map { Self.text(of: $0, in: words) }
    }
}
