import CFriBidi

/// The Unicode Bidirectional Algorithm (UAX #9) for one paragraph: the embedding level of
/// each character (rules P2 to I2, from GNU FriBidi), and the reordering of a line into the
/// order it is seen in (rules L1 and L2, here).
///
/// Text is kept and extracted in logical order (as typed); only drawing goes in visual order.
/// Mirroring of brackets (L4) is the shaper's: HarfBuzz mirrors them in right-to-left runs.
public struct BidiParagraph: Sendable {
    /// The paragraph's direction as given: from its first strong character, or forced.
    public enum Direction: Sendable {
        case automatic, leftToRight, rightToLeft
    }

    /// The paragraph's characters (Unicode scalars).
    public let scalars: [Unicode.Scalar]
    /// The embedding level of each scalar: even left to right, odd right to left.
    public let levels: [UInt8]
    /// The paragraph's own level: 0 left to right, 1 right to left.
    public let baseLevel: UInt8

    /// Resolves the levels of `scalars`, a paragraph without line breaks.
    ///
    /// - Throws: ``TextShapingError/libraryMissing(library:package:)`` without FriBidi,
    ///   ``TextShapingError/outOfMemory(length:)`` when it fails.
    public init(_ scalars: [Unicode.Scalar], direction: Direction = .automatic) throws(TextShapingError) {
        guard mg_fribidi_available() != 0 else {
            throw .libraryMissing(library: "libfribidi.so.0", package: "libfribidi0")
        }
        let text = scalars.map(\.value)
        var levels = [UInt8](repeating: 0, count: scalars.count)
        let code: Int32 = switch direction {
        case .automatic: 0
        case .leftToRight: 1
        case .rightToLeft: 2
        }
        let base = mg_fribidi_levels(text, Int32(text.count), code, &levels)
        guard base >= 0 else { throw .outOfMemory(length: scalars.count) }
        self.scalars = scalars
        self.levels = levels
        baseLevel = UInt8(base)
    }

    /// The levels of `range` drawn as one line (rule L1): white space at the line's end goes
    /// back to the paragraph's level, so it stays at the end the paragraph runs towards.
    func lineLevels(_ range: Range<Int>) -> [UInt8] {
        var result = Array(levels[range])
        var index = result.count - 1
        while index >= 0, scalars[range.lowerBound + index].properties.isWhitespace {
            result[index] = baseLevel
            index -= 1
        }
        return result
    }

    /// The order items of the given levels are seen in, left to right (rule L2): from the
    /// highest level down to the lowest odd one, every maximal sequence at that level or
    /// above is reversed. Items are characters or runs of one level.
    public static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return order
    }

    /// `text` (one paragraph) with its characters in the order they are seen, left to right:
    /// what a reader sees, for tests and diagnostics (no mirroring, no shaping).
    public static func visualText(_ text: String, direction: Direction = .automatic) throws(TextShapingError) -> String {
        let paragraph = try BidiParagraph(Array(text.unicodeScalars), direction: direction)
        let levels = paragraph.lineLevels(0..<paragraph.scalars.count)
        var result = String.UnicodeScalarView()
        for index in visualOrder(levels) { result.append(paragraph.scalars[index]) }
        return String(result)
    }
}
