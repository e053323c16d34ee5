#if !hasFeature(Embedded)
import Foundation
#endif

/// What makes a word of text, the one rule the engine has: the page text's extraction cuts
/// characters into words with it (besides gaps on the page, docs/text.md), find's whole-word
/// option and an annotation's contents read words with it, and the browser's long press on
/// a page's text selects the word it gives (`wordAt`, docs/engine.md).
///
/// Words are separated by white space (Unicode's White_Space: spaces, tabs, line breaks, the
/// no-break and ideographic spaces) and by nothing else: a word is a run of everything
/// between, punctuation included. So "don't", "well-known", "3.14", "1,000" and "(see" are
/// each one word, a letter with combining marks stays whole (words are cut between
/// characters, never inside one), and text written without spaces (Chinese, Japanese) is one
/// word until its next space. Find agrees: with whole words, "3" is not found in "3.14".
public enum WordRule {
    /// Whether a scalar separates words (ASCII answered without a property lookup).
    @inline(__always)
    public static func separates(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    /// Whether a character separates words: its first scalar does (a space with a mark on it
    /// still separates, a letter with marks never does).
    public static func separates(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(separates) ?? false
    }

    /// The word at a caret position of `text`, as UTF-16 offsets (a browser's text offsets),
    /// or nil when there is none.
    ///
    /// `offset` is a caret position: the word is the one holding the character that starts
    /// there, or, when that is a separator or the end of the text, the one ending there (a
    /// caret just after a word's last letter picks that word). An offset inside a character
    /// (between the halves of a surrogate pair, before a combining mark) counts as that
    /// character's; offsets outside the text are clamped to it.
    public static func word(in text: String, atUTF16Offset offset: Int) -> Range<Int>? {
        // Each character's start (UTF-16) and whether it separates.
        var starts: [Int] = []
        var separator: [Bool] = []
        var position = 0
        for character in text {
            starts.append(position)
            separator.append(separates(character))
            position += character.utf16.count
        }
        let length = position
        let caret = max(0, min(offset, length))
        // The character holding the caret: the last one starting at or before it.
        var index = starts.count
        if caret < length {
            var low = 0, high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= caret { low = middle } else { high = middle - 1 }
            }
            index = low
        }
        if index == starts.count || separator[index] {
            guard index > 0, !separator[index - 1], index == starts.count || starts[index] == caret else { return nil }
            index -= 1
        }
        var first = index, last = index
        while first > 0, !separator[first - 1] { first -= 1 }
        while last + 1 < starts.count, !separator[last + 1] { last += 1 }
        return starts[first]..<(last + 1 < starts.count ? starts[last + 1] : length)
    }
}
