#if !hasFeature(Embedded)
import Foundation
#endif

/// The text a drag selects on a page, and the quads that mark it (the Highlight, Underline,
/// Strike-out and Squiggly tools; docs/engine.md, "Text selection").
///
/// The rule, in whole words as PDF viewers select with a double-click drag:
/// - A point picks a line first: the line whose band (its words' quads, across the text) is
///   nearest, counting distance along the line a third as much as distance across it, so a
///   point between two lines takes the nearer one and a point in the margin beside a line
///   takes that line. A point further than a line's height from every line picks nothing.
/// - On that line the point picks the word under it, or else the nearest word along the
///   line.
/// - The selection runs, in reading order, from the start of the earlier picked word to the
///   end of the later one: dragging inside one word selects that word, dragging backwards
///   selects the same words as forwards, and a drag down the page takes the rest of the first
///   line, the lines between and the start of the last line.
/// - Each line's selected words become one quad: the smallest quad, aligned with the line's
///   first selected word, that holds every selected glyph of the line (its top and bottom
///   are the tallest word's), so its edges are the glyphs' own edges whatever the font.
///   Rotated pages and rotated text work alike: quads are in page space along the text.
public struct TextSelection: Sendable, Equatable {
    /// The first and last selected words (indexes into ``PageWords/words``).
    public var first: Int
    public var last: Int
    /// One quad per selected line run, in reading order, corners in `/QuadPoints` order.
    public var quads: [[CGPoint]]
    /// The selected text: words separated by a space, lines by a line break.
    public var text: String

    /// What a drag from `from` to `to` (page space) selects on a page, or nil when either
    /// point is too far from the text.
    public init?(from: CGPoint, to: CGPoint, in page: PageWords) {
        let frames = page.words.map { WordFrame($0.quad) }
        guard let a = Self.word(at: from, in: page, frames: frames), let b = Self.word(at: to, in: page, frames: frames) else {
            return nil
        }
        first = min(a, b)
        last = max(a, b)
        quads = []
        text = ""
        var start = first
        while start <= last {
            var end = start
            while end < last, page.words[end + 1].line == page.words[start].line { end += 1 }
            quads.append(Self.quad(covering: start...end, frames: frames))
            if !text.isEmpty { text += "\n" }
            text += page.words[start...end].map { $0.text }.joined(separator: " ")
            start = end + 1
        }
    }

    /// The word a point picks (see the rule above), or nil.
    public static func word(at point: CGPoint, in page: PageWords) -> Int? {
        word(at: point, in: page, frames: page.words.map { WordFrame($0.quad) })
    }

    private static func word(at point: CGPoint, in page: PageWords, frames: [WordFrame]) -> Int? {
        // Per line: its distance (across, along) from the point, and its nearest word.
        var best: (score: Double, word: Int)?
        var index = 0
        while index < page.words.count {
            var end = index
            while end + 1 < page.words.count, page.words[end + 1].line == page.words[index].line { end += 1 }
            var across = Double.infinity, nearest = index, nearestAlong = Double.infinity, height = 0.0
            for w in index...end {
                let frame = frames[w]
                let (s, t) = frame.coordinates(point)
                let off = t < 0 ? -t : t > frame.height ? t - frame.height : 0
                let along = s < 0 ? -s : s > frame.length ? s - frame.length : 0
                across = min(across, off)
                height = max(height, frame.height)
                if along < nearestAlong { nearestAlong = along; nearest = w }
            }
            if across <= max(height, 1) {
                let score = across + nearestAlong / 3
                if best == nil || score < best!.score { best = (score, nearest) }
            }
            index = end + 1
        }
        return best?.word
    }

    /// One quad holding the words `range` (on one line), aligned with the first of them.
    private static func quad(covering range: ClosedRange<Int>, frames: [WordFrame]) -> [CGPoint] {
        let frame = frames[range.lowerBound]
        var s0 = Double.infinity, s1 = -Double.infinity, t0 = Double.infinity, t1 = -Double.infinity
        for w in range {
            let other = frames[w]
            for corner in [other.point(s: 0, t: 0), other.point(s: other.length, t: 0),
                           other.point(s: 0, t: other.height), other.point(s: other.length, t: other.height)] {
                let (s, t) = frame.coordinates(corner)
                s0 = min(s0, s); s1 = max(s1, s); t0 = min(t0, t); t1 = max(t1, t)
            }
        }
        return [frame.point(s: s0, t: t1), frame.point(s: s1, t: t1), frame.point(s: s0, t: t0), frame.point(s: s1, t: t0)]
    }

    /// The selection as JSON: `{"first", "last", "quads": [[8 numbers]], "text"}`.
    public var json: JSONValue {
        .object([
            ("first", .integer(first)), ("last", .integer(last)),
            ("quads", Self.json(quads: quads)),
            ("text", .string(text)),
        ])
    }

    /// Quads as the annotation JSON's `quads`: eight numbers each, in thousandths of a point.
    static func json(quads: [[CGPoint]]) -> JSONValue {
        .array(quads.map { quad in .array(quad.flatMap { [.number(rounded($0.x)), .number(rounded($0.y))] }) })
    }

    /// Thousandths of a point, as the page text gives quads: no floating-point noise in the JSON.
    static func rounded(_ value: CGFloat) -> Double {
        (Double(value) * 1000).rounded() / 1000
    }
}
