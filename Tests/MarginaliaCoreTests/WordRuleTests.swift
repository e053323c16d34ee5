import Testing
@testable import MarginaliaCore

/// `WordRule`: the word a long press on a page's text selects (`wordAt`), by Unicode's default
/// word boundaries (UAX #29, simplified), and the white space that cuts layout tokens.
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

    /// Punctuation around a word is not the word's: a press on "Swift." selects "Swift", as
    /// iOS, Android, macOS and the browsers do; a caret on the full stop's near side (where a
    /// press on the word's last letter lands) still picks the word.
    @Test func punctuationAroundAWordIsCutOff() {
        let text = "written in Swift. It reads"
        #expect(Self.word(text, 13) == "Swift")
        #expect(Self.word(text, 16) == "Swift", "the caret before the full stop")
        #expect(Self.offsets(picking: "Swift", in: text) == [11, 12, 13, 14, 15, 16])
        #expect(Self.word("(see below)", 0) == "(", "a press on the parenthesis itself")
        #expect(Self.word("(see below)", 2) == "see")
        #expect(Self.word("(see below)", 9) == "below")
        #expect(Self.word("it is “quoted”, here", 8) == "quoted")
        #expect(Self.word("it is “quoted”, here", 13) == "quoted")
        #expect(Self.word("tables and streams, filters", 12) == "streams")
        #expect(Self.word("the Erasers' tools", 8) == "Erasers")
        #expect(Self.word("C++ and Swift", 0) == "C")
    }

    /// A punctuation mark or a symbol with no word next to the caret is selected on its own
    /// (one character: UAX #29 joins none of them), white space never.
    @Test func aPressOnPunctuationOrASymbolSelectsThatCharacter() {
        #expect(Self.word("a - b", 2) == "-")
        #expect(Self.word("a - b", 3) == "-", "the caret after it, before a space")
        #expect(Self.word("C++ and Swift", 2) == "+")
        #expect(Self.word("see § 12", 4) == "§")
        #expect(Self.word("wait...", 5) == ".")
        // An emoji sequence is one character.
        let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        #expect(Self.word("a \(family) b", 2) == family)
        #expect(Self.word("a \(family) b", 5) == family, "inside the sequence")
    }

    @Test func apostrophesAndFullStopsBetweenLettersJoin() {
        #expect(Self.word("don't stop", 1) == "don't")
        #expect(Self.word("l’homme est", 4) == "l’homme")
        #expect(Self.word("l’homme est", 0) == "l’homme")
        #expect(Self.word("see e.g. this", 5) == "e.g")
        #expect(Self.word("rock 'n' roll", 6) == "n")
        #expect(Self.word("snake_case name", 7) == "snake_case")
    }

    /// A hyphen cuts: "well-known" is "well", "-" and "known", as iOS has it.
    @Test func aHyphenCuts() {
        let text = "a well-known rule"
        #expect(Self.word(text, 3) == "well")
        #expect(Self.word(text, 6) == "well", "the caret before the hyphen")
        #expect(Self.word(text, 7) == "known")
        #expect(Self.word(text, 9) == "known")
    }

    /// Numbers keep their separators between digits: a long press on a digit selects the
    /// whole number, and find's whole words agree ("3" is not a whole word of "3.14").
    @Test func numbersWithSeparatorsAreOneWord() {
        #expect(Self.word("pi is 3.14 here", 6) == "3.14")
        #expect(Self.word("pi is 3.14 here", 9) == "3.14")
        #expect(Self.word("about 1,000 pages", 7) == "1,000")
        #expect(Self.word("(595.276 by 841.89 points)", 2) == "595.276")
        #expect(Self.word("ends at 3.14.", 10) == "3.14")
        #expect(Self.word("version v2.0 now", 9) == "v2.0")
        #expect(Self.word("1,000, then", 2) == "1,000")
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

    /// Each Han ideograph and each hiragana letter is a word (UAX #29 without a dictionary),
    /// a run of katakana is one; Hangul and Thai letters run to the next space or mark.
    @Test func chineseAndJapaneseWithoutADictionary() {
        let text = "日本語のテキスト、漢字。 次"
        #expect(Self.word(text, 0) == "日")
        #expect(Self.word(text, 2) == "語")
        #expect(Self.word(text, 3) == "の")
        #expect(Self.word(text, 5) == "テキスト")
        #expect(Self.word(text, 8) == "テキスト", "the caret before the ideographic comma")
        #expect(Self.word(text, 9) == "漢")
        #expect(Self.word(text, 13) == "次")
        #expect(Self.word("中文\u{3000}文本", 4) == "本")
        #expect(Self.word("한국어 텍스트", 1) == "한국어")
        #expect(Self.word("ภาษาไทย ง่าย", 2) == "ภาษาไทย")
        #expect(Self.word("צה\"ל אמר", 1) == "צה\"ל")
    }

    @Test func surrogatePairsAreWholeCharacters() {
        // U+2000B (CJK Extension B) takes two UTF-16 units.
        let text = "a \u{2000B}\u{2000B}x b"
        #expect(Self.word(text, 3) == "\u{2000B}", "inside the first pair")
        #expect(WordRule.word(in: text, atUTF16Offset: 3) == 2..<4)
        #expect(Self.word(text, 5) == "\u{2000B}")
        #expect(Self.word(text, 6) == "x")
    }

    @Test func everyUnicodeSpaceSeparatesAndFormatCharactersStay() {
        for space in ["\t", "\n", "\r\n", "\u{A0}", "\u{2009}", "\u{3000}"] {
            #expect(Self.word("left\(space)right", 1) == "left", "\(Array(space.unicodeScalars))")
            #expect(WordRule.separates(Character(space)))
        }
        // The zero width space cuts words (it is not white space: layout tokens keep it);
        // a soft hyphen stays in its word.
        #expect(Self.word("zero\u{200B}width", 1) == "zero")
        #expect(!WordRule.separates(Character("\u{200B}")))
        #expect(Self.word("hy\u{AD}phen", 1) == "hy\u{AD}phen")
        #expect(WordRule.separates(Character(" \u{301}")), "a space with a mark on it still separates")
        #expect(!WordRule.separates(Character("e\u{301}")))
    }

    @Test func theBridgeAnswersInUTF16Offsets() throws {
        let bridge = EngineBridge()
        let text = #""caf\u00e9 1,000 \u2014 x""#
        let answer = try JSONParser.parse(bridge.call(Array(#"{"call": "wordAt", "text": \#(text), "offset": 6}"#.utf8)))
        #expect(answer["start"]?.numberValue == 5 && answer["end"]?.numberValue == 10)
        let dash = try JSONParser.parse(bridge.call(Array(#"{"call": "wordAt", "text": \#(text), "offset": 11}"#.utf8)))
        #expect(dash["start"]?.numberValue == 11 && dash["end"]?.numberValue == 12)
        let none = try JSONParser.parse(bridge.call(Array(#"{"call": "wordAt", "text": "a  b", "offset": 2}"#.utf8)))
        #expect(none["start"] == nil)
        let wrong = try JSONParser.parse(bridge.call(Array(#"{"call": "wordAt", "text": 3, "offset": 0}"#.utf8)))
        #expect(wrong["error"] != nil)
    }
}
