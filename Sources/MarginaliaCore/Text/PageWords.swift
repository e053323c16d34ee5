#if !hasFeature(Embedded)
import Foundation
#endif

/// The words of one page as the engine selects text on it: each word's quad in page space,
/// in reading order, with the line it belongs to. Read from the server's page text (`GET
/// …/pages/{n}/text`, the engine's own extraction with exact glyph edges; docs/text.md).
public struct PageWords: Sendable {
    /// One word: its text and its quad, corners in `/QuadPoints` order (upper-left,
    /// upper-right, lower-left, lower-right), "upper" meaning towards the top of the glyphs
    /// whatever the page's or the text's rotation.
    public struct Word: Sendable, Equatable {
        public var text: String
        public var quad: [CGPoint]
        /// The line the word is on (0 for the page's first line, in reading order).
        public var line: Int

        public init(text: String, quad: [CGPoint], line: Int) {
            self.text = text
            self.quad = quad
            self.line = line
        }
    }

    /// The words in reading order: line after line, each line's words in order.
    public var words: [Word]

    public init(words: [Word]) {
        self.words = words
    }

    /// The most words one page may hold (a limit on what the browser may send).
    public static let maximumWords = 200_000

    /// Reads the page text JSON (`{"blocks": [{"lines": [{"words": [{"text", "quad"}]}]}]}`;
    /// other members are ignored). The words keep the order the blocks and lines give.
    public init(json: JSONField) throws(CommandError) {
        var words: [Word] = []
        var line = 0
        for block in try json.member("blocks").array(maximumCount: Self.maximumWords) {
            for lineField in try block.member("lines").array(maximumCount: Self.maximumWords) {
                for word in try lineField.member("words").array(maximumCount: Self.maximumWords) {
                    let n = try word.member("quad").numbers(count: 8...8, what: "a quad of 8 numbers")
                    words.append(Word(text: try word.member("text").string(),
                                      quad: [CGPoint(x: n[0], y: n[1]), CGPoint(x: n[2], y: n[3]),
                                             CGPoint(x: n[4], y: n[5]), CGPoint(x: n[6], y: n[7])],
                                      line: line))
                    guard words.count <= Self.maximumWords else { throw json.problem("more than \(Self.maximumWords) words") }
                }
                line += 1
            }
        }
        self.words = words
    }
}

/// A word's quad as a frame: its baseline's start, the unit vectors along the text and up
/// it, and its length and height along them.
struct WordFrame {
    var origin: CGPoint
    var along: (x: Double, y: Double)
    var up: (x: Double, y: Double)
    var length: Double
    var height: Double

    init(_ quad: [CGPoint]) {
        let ll = quad[2], lr = quad[3], ul = quad[0]
        origin = ll
        let ax = Double(lr.x - ll.x), ay = Double(lr.y - ll.y)
        length = (ax * ax + ay * ay).squareRoot()
        along = length > 0 ? (ax / length, ay / length) : (1, 0)
        // Up is perpendicular to the baseline, on the side of the quad's top edge.
        let ux = Double(ul.x - ll.x), uy = Double(ul.y - ll.y)
        var normal = (x: -along.y, y: along.x)
        if ux * normal.x + uy * normal.y < 0 { normal = (along.y, -along.x) }
        up = normal
        height = abs(ux * normal.x + uy * normal.y)
    }

    /// A point's coordinates in the frame: distance along the text and up from the baseline.
    func coordinates(_ p: CGPoint) -> (s: Double, t: Double) {
        let dx = Double(p.x - origin.x), dy = Double(p.y - origin.y)
        return (dx * along.x + dy * along.y, dx * up.x + dy * up.y)
    }

    func point(s: Double, t: Double) -> CGPoint {
        CGPoint(x: Double(origin.x) + along.x * s + up.x * t, y: Double(origin.y) + along.y * s + up.y * t)
    }
}
