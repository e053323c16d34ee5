#if !hasFeature(Embedded)
import Foundation
#endif

/// What makes a word of text: the engine's two rules, one for each idea, and nothing else
/// decides it.
///
/// - **Layout tokens** (``separates(_:)-(Unicode.Scalar)``): runs of text cut at white space
///   (Unicode's White_Space: spaces, tabs, line breaks, the no-break and ideographic spaces)
///   and at nothing else. The page text's extraction cuts characters into its words with it
///   (besides gaps on the page, docs/text.md), so a page's word carries its glyph boxes and
///   quad with its punctuation ("(see", "Swift."); find reads a query's spaces with it, and an
///   annotation's contents are read as such tokens (ReadingOrder, the server's snippets).
/// - **Words** (``word(in:atUTF16Offset:)``, ``isBoundary(before:count:kindAt:)``): Unicode's
///   default word boundaries (UAX #29, simplified: ``Kind``), what a reader calls a word and
///   what iOS, Android, macOS and the browsers select on a double click or a long press.
///   Letters and digits make words; punctuation is cut off ("Swift." holds the word "Swift",
///   "(see" the word "see"), but a full stop or an apostrophe between two letters and a
///   comma or full stop between two digits join them ("don't", "l’homme", "e.g", "3.14",
///   "1,000"); a hyphen cuts ("well-known" is "well", "-", "known"); an underscore joins;
///   a run of katakana is one word; each Han ideograph and each hiragana letter is a word of
///   its own (no dictionary cuts Chinese or Japanese into words here); a run of Thai, Lao,
///   Khmer or Myanmar letters is one word. The browser's long press on a page's text selects
///   the word it gives (`wordAt`, docs/engine.md), and find's whole-word option accepts a
///   match whose two ends are boundaries of this rule (TextMatcher).
///
/// Both rules work between characters (grapheme clusters), never inside one: a letter keeps
/// its combining marks, an emoji sequence stays whole.
public enum WordRule {
    /// Whether a scalar separates layout tokens: white space (ASCII answered without a
    /// property lookup).
    @inline(__always)
    public static func separates(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    /// Whether a character separates layout tokens: its first scalar does (a space with a
    /// mark on it still separates, a letter with marks never does).
    public static func separates(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(separates) ?? false
    }

    /// Whether there is a word boundary before unit `index` of a text of `count` units whose
    /// kinds `kindAt` gives (units are characters, or scalars when marks are their own
    /// ``Kind/extend`` units). The rules of UAX #29 (WB1 to WB13b) on ``Kind``: the ends of the
    /// text are boundaries; marks and format characters stay with what they follow (WB4).
    public static func isBoundary(before index: Int, count: Int, kindAt: (Int) -> Kind) -> Bool {
        guard index > 0, index < count else { return true }
        let right = kindAt(index)
        if right == .extend { return false }
        // The units either side of the boundary, passing over marks (WB4).
        func skipBack(_ from: Int) -> Int? {
            var at = from
            while at >= 0, kindAt(at) == .extend { at -= 1 }
            return at >= 0 ? at : nil
        }
        func skipForward(_ from: Int) -> Int? {
            var at = from
            while at < count, kindAt(at) == .extend { at += 1 }
            return at < count ? at : nil
        }
        guard let leftIndex = skipBack(index - 1) else { return true }
        let left = kindAt(leftIndex)
        let farRight = skipForward(index + 1).map(kindAt)
        let farLeft = skipBack(leftIndex - 1).map(kindAt)
        switch (left, right) {
        case (.space, .space): return false  // WB3d
        case _ where left.isLetter && right.isLetter: return false  // WB5
        case (.hebrewLetter, .singleQuote): return false  // WB7a
        case (.number, .number): return false  // WB8
        case _ where left.isLetter && right == .number, _ where left == .number && right.isLetter: return false  // WB9, WB10
        case (.katakana, .katakana): return false  // WB13
        case _ where left.meetsConnector && right == .connector, (.connector, .connector): return false  // WB13a
        case _ where left == .connector && right.meetsConnector: return false  // WB13b
        default: break
        }
        // A full stop, an apostrophe, a colon between two letters (WB6, WB7); a double quote
        // between two Hebrew letters (WB7b, WB7c).
        if left.isLetter, right.joinsLetters, farRight?.isLetter == true { return false }
        if farLeft?.isLetter == true, left.joinsLetters, right.isLetter { return false }
        if left == .hebrewLetter, right == .doubleQuote, farRight == .hebrewLetter { return false }
        if farLeft == .hebrewLetter, left == .doubleQuote, right == .hebrewLetter { return false }
        // A comma, a full stop between two digits (WB11, WB12).
        if left == .number, right.joinsNumbers, farRight == .number { return false }
        if farLeft == .number, left.joinsNumbers, right == .number { return false }
        return true  // WB999
    }

    /// The word at a caret position of `text`, as UTF-16 offsets (a browser's text offsets),
    /// or nil when there is none: the word a long press selects.
    ///
    /// `offset` is a caret position: the word is the one holding the character that starts
    /// there, or, when that is no word's (punctuation, white space, the end of the text), the
    /// one ending there (a caret just after a word's last letter picks that word). Failing
    /// both, a punctuation mark or a symbol there (or just before) is given on its own, so
    /// a press on "§" or an emoji selects it; white space gives nil. An offset inside a
    /// character (between the halves of a surrogate pair, before a combining mark) counts as
    /// that character's; offsets outside the text are clamped to it.
    public static func word(in text: String, atUTF16Offset offset: Int) -> Range<Int>? {
        // Each character's start (UTF-16) and kind.
        var starts: [Int] = []
        var kinds: [Kind] = []
        var position = 0
        for character in text {
            starts.append(position)
            kinds.append(kind(of: character))
            position += character.utf16.count
        }
        let length = position, count = kinds.count
        let caret = max(0, min(offset, length))
        // The character holding the caret: the last one starting at or before it.
        var index = count
        if caret < length {
            var low = 0, high = count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= caret { low = middle } else { high = middle - 1 }
            }
            index = low
        }
        // The segment (between two boundaries) holding character `at`, and whether it is a word.
        func segment(_ at: Int) -> (range: Range<Int>, isWord: Bool) {
            var first = at, last = at
            while !isBoundary(before: first, count: count, kindAt: { kinds[$0] }) { first -= 1 }
            while !isBoundary(before: last + 1, count: count, kindAt: { kinds[$0] }) { last += 1 }
            let range = starts[first]..<(last + 1 < count ? starts[last + 1] : length)
            return (range, kinds[first...last].contains { $0.makesWord })
        }
        let here = index < count ? segment(index) : nil
        let endsHere = index > 0 && (index == count || starts[index] == caret)
        let before = endsHere ? segment(index - 1) : nil
        if let here, here.isWord { return here.range }
        if let before, before.isWord { return before.range }
        if let here, kinds[index] != .space { return here.range }
        if let before, kinds[index - 1] != .space { return before.range }
        return nil
    }
}
