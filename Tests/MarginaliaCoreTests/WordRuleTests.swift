import Testing
@testable import MarginaliaCore

/// `WordRule`: which characters make a word, the rule the page text's extraction, find and the
/// long press on a page's text (`wordAt`) share.
@Suite("Engine: the word at a caret")
struct WordRuleTests {
    /// The word at a UTF-16 caret offset of `text`, as text.
    static func word(_ text: String, _ offset: Int) -> String? {
        guard let range = WordRule.word(in: text, atUTF16Offset: offset) else { return nil }
        let units = Array(text.utf16)
        return String(decoding: units[range], as: UTF16.self)
    }

    /// Every caret position in `text` that picks `expected`, found by trying each offset.
    static func offsets(picking expected: String, in text: String) -> [Int] {
        (0...text.utf16.count).filter { word(text, $0) == expected }
    }

    @Test func asciiWordsAreCutAtSpaces() {
        let text = "Marginalia is a PDF"
        #expect(Self.word(text, 0) == "Marginalia")
        #expect(Self.word(text, 4) == "Marginalia")
        // A caret just after a word's last letter (before the space) picks that word.
        #expect(Self.word(text, 10) == "Marginalia")
        #expect(Self.word(text, 11) == "is")
        #expect(Self.word(text, 19) == "PDF", "the end of the text")
        #expect(Self.offsets(picking: "a", in: text) == [14, 15])
        #expect(WordRule.word(in: text, atUTF16Offset: 2) == 0..<10)
    }

    @Test func noWordBetweenSpacesOrInAnEmptyText() {
        #expect(Self.word("one  two", 4) == nil, "a caret between two spaces")
        #expect(Self.word("one  two", 3) == "one")
        #expect(Self.word("   ", 1) == nil)
        #expect(Self.word("", 0) == nil)
        #expect(Self.word(" lead", 0) == nil, "the character there is a space and none is before it")
    }

    @Test func offsetsOutsideTheTextAreClamped() {
        #expect(Self.word("edge", -5) == "edge")
        #expect(Self.word("edge", 99) == "edge")
    }

    @Test func apostrophesAndHyphensStayInTheWord() {
        #expect(Self.word("don't stop", 1) == "don't")
        #expect(Self.word("l’homme est", 4) == "l’homme")
        #expect(Self.word("a well-known rule", 9) == "well-known")
        #expect(Self.word("a well-known rule", 3) == "well-known")
        #expect(Self.word("the Erasers' tools", 8) == "Erasers'")
    }

    /// Numbers keep their separators: a long press on a digit selects the whole number, and
    /// find's whole words agree ("3" is not a whole word of "3.14").
    @Test func numbersWithSeparatorsAreOneWord() {
        #expect(Self.word("pi is 3.14 here", 6) == "3.14")
        #expect(Self.word("pi is 3.14 here", 9) == "3.14")
        #expect(Self.word("about 1,000 pages", 7) == "1,000")
        #expect(Self.word("(595.276 by 841.89 points)", 2) == "(595.276")
    }

    /// Punctuation is no separator either: it belongs to the word it touches, as the page
    /// text's words hold it.
    @Test func punctuationBelongsToTheWordItTouches() {
        #expect(Self.word("written in Swift. It reads", 13) == "Swift.")
        #expect(Self.word("tables and streams, filters", 12) == "streams,")
        #expect(Self.word("C++ and Swift", 1) == "C++")
    }

    @Test func combiningMarksAreNeverCutFromTheirLetter() {
        // "café" written with e and U+0301, and "Å" as A with U+030A.
        let text = "un cafe\u{301} noir \u{C5}A\u{30A}"
        #expect(Self.word(text, 4) == "cafe\u{301}")
        // A caret between the e and its accent counts as the e's.
        #expect(Self.word(text, 7) == "cafe\u{301}")
        #expect(WordRule.word(in: text, atUTF16Offset: 7) == 3..<8)
        #expect(Self.word(text, 8) == "cafe\u{301}", "just after the accent: the end of the word")
        #expect(Self.word(text, 16) == "\u{C5}A\u{30A}")
    }

    @Test func textWithoutSpacesIsOneWordUntilASpace() {
        // Chinese and Japanese have no spaces between words: the run up to a space is one word,
        // as the page text reads it (where the page leaves no gap).
        let text = "日本語のテキスト、漢字。 次"
        #expect(Self.word(text, 2) == "日本語のテキスト、漢字。")
        #expect(Self.word(text, 13) == "次")
        // The ideographic space (U+3000) separates.
        #expect(Self.word("中文\u{3000}文本", 0) == "中文")
        #expect(Self.word("中文\u{3000}文本", 4) == "文本")
    }

    @Test func surrogatePairsAreWholeCharacters() {
        // U+2000B (CJK Extension B) takes two UTF-16 units.
        let text = "a \u{2000B}\u{2000B}x b"
        #expect(Self.word(text, 3) == "\u{2000B}\u{2000B}x", "inside the first pair")
        #expect(WordRule.word(in: text, atUTF16Offset: 3) == 2..<7)
        #expect(Self.word(text, 7) == "\u{2000B}\u{2000B}x")
    }

    @Test func everyUnicodeSpaceSeparatesAndNothingElse() {
        for space in ["\t", "\n", "\r\n", "\u{A0}", "\u{2009}", "\u{3000}"] {
            #expect(Self.word("left\(space)right", 1) == "left", "\(Array(space.unicodeScalars))")
        }
        // Zero-width characters are not white space (the extraction drops them): no cut.
        #expect(Self.word("zero\u{200B}width", 1) == "zero\u{200B}width")
        #expect(WordRule.separates(Character(" \u{301}")), "a space with a mark on it still separates")
        #expect(!WordRule.separates(Character("e\u{301}")))
    }

    @Test func theBridgeAnswersInUTF16Offsets() throws {
        let bridge = EngineBridge()
        let answer = try JSONParser.parse(bridge.call(Array(#"{"call": "wordAt", "text": "caf\u00e9 1,000 \u2014 x", "offset": 6}"#.utf8)))
        #expect(answer["start"]?.numberValue == 5 && answer["end"]?.numberValue == 10)
        let none = try JSONParser.parse(bridge.call(Array(#"{"call": "wordAt", "text": "a  b", "offset": 2}"#.utf8)))
        #expect(none["start"] == nil)
        let wrong = try JSONParser.parse(bridge.call(Array(#"{"call": "wordAt", "text": 3, "offset": 0}"#.utf8)))
        #expect(wrong["error"] != nil)
    }
}
