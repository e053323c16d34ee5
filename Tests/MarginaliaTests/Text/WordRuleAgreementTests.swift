import Foundation
import Marginalia
import Testing

/// The page text's words are layout tokens (white space cuts them, they carry the glyphs'
/// quads); the long press's word and find's whole words are one rule (`WordRule`'s word
/// boundaries, in the engine core): every word the long press gives lies inside one token,
/// and a whole-word find finds exactly those words.
@Suite("Text: one rule for words")
struct WordRuleAgreementTests {
    // Helvetica, WinAnsi: \222 is ’, \351 é, \350 è, \240 a no-break space.
    static let content = "BT /F1 10 Tf 72 700 Td (don't l\\222homme well-known 3.14 1,000 \\(see Swift. caf\\351\\240cr\\350me) Tj ET"

    /// The line's words as the long press reads them at each caret, in order, each once.
    static func pressedWords(_ line: String) -> [(range: Range<Int>, text: String)] {
        let units = Array(line.utf16)
        var found: [Range<Int>] = []
        for caret in 0..<units.count {
            if let range = WordRule.word(in: line, atUTF16Offset: caret), found.last != range { found.append(range) }
        }
        return found.map { ($0, String(decoding: units[$0], as: UTF16.self)) }
    }

    @Test func theLongPressesWordsLieInsideThePagesTokens() throws {
        let text = try TextFixtures.document(content: Self.content).text(ofPage: 0)
        let tokens = text.words.map(\.text)
        #expect(tokens == ["don't", "l’homme", "well-known", "3.14", "1,000", "(see", "Swift.", "café", "crème"])
        let line = tokens.joined(separator: " ")
        #expect(line.split(whereSeparator: WordRule.separates).map(String.init) == tokens)
        let words = Self.pressedWords(line)
        // (A caret at the hyphen is just after "well" or just before "known": no press gives it.)
        #expect(words.map(\.text) == ["don't", "l’homme", "well", "known", "3.14", "1,000", "(", "see", "Swift", ".", "café", "crème"])
        // Each inside one token: no word holds a space.
        var tokenStart = 0
        let tokenRanges = tokens.map { token in
            defer { tokenStart += token.utf16.count + 1 }
            return tokenStart..<(tokenStart + token.utf16.count)
        }
        for word in words {
            #expect(tokenRanges.contains { $0.contains(word.range.lowerBound) && $0.upperBound >= word.range.upperBound }, "\(word.text)")
        }
    }

    /// Whole words: a match whose two ends are word boundaries, so each word the long press
    /// gives is found, and no word cut short is.
    @Test func wholeWordsFindTheRulesWordsOnly() throws {
        let text = try TextFixtures.document(content: Self.content).text(ofPage: 0)
        let line = text.words.map(\.text).joined(separator: " ")
        for word in Self.pressedWords(line) where word.text.count > 1 {
            let found = text.findString(word.text, options: [.wholeWords])
            #expect(found.map(\.string) == [word.text], "\(word.text)")
            let short = String(word.text.dropLast())
            #expect(text.findString(short, options: [.wholeWords]).isEmpty, "\(short), cut from \(word.text)")
        }
        // Punctuation around a word does not keep it from being whole; a hyphen is a boundary.
        #expect(text.findString("Swift", options: [.wholeWords]).count == 1)
        #expect(text.findString("Swift.", options: [.wholeWords]).count == 1)
        #expect(text.findString("see", options: [.wholeWords]).count == 1)
        #expect(text.findString("(see", options: [.wholeWords]).count == 1)
        #expect(text.findString("well", options: [.wholeWords]).count == 1)
        #expect(text.findString("well-known", options: [.wholeWords]).count == 1)
        // Between letters an apostrophe joins, between digits a full stop and a comma do.
        #expect(text.findString("don", options: [.wholeWords]).isEmpty)
        #expect(text.findString("homme", options: [.wholeWords]).isEmpty)
        #expect(text.findString("3", options: [.wholeWords]).isEmpty, "3 is part of the word 3.14")
        #expect(text.findString("000", options: [.wholeWords]).isEmpty)
        #expect(text.findString("14", options: [.wholeWords]).isEmpty)
    }
}
