@_spi(_Unicode) import Swift
import Testing
@testable import MarginaliaCore

/// `WordRule`'s boundaries against the Swift standard library's own UAX #29 word breaking
/// (`String._wordIndex(after:)`, a full implementation of the Word_Break property's rules,
/// reached as SPI): on text in many scripts the simplified rule cuts at the same places.
/// Left out, where the two differ on purpose: Thai, Lao, Khmer and Myanmar, which UAX #29
/// leaves to a dictionary (it cuts between every character) and `WordRule` keeps as a run;
/// Korean, whose syllables the standard library cuts apart although Unicode's
/// WordBreakProperty.txt makes them ALetter (ICU and Python's `regex` keep 한국어 whole).
@Suite("Engine: word boundaries agree with Unicode's")
struct WordRuleUnicodeTests {
    /// `text` cut at `WordRule`'s boundaries, between characters.
    static func segments(_ text: String) -> [String] {
        let characters = Array(text)
        let kinds = characters.map(WordRule.kind(of:))
        var pieces: [String] = [], current = ""
        for (index, character) in characters.enumerated() {
            if index > 0, WordRule.isBoundary(before: index, count: kinds.count, kindAt: { kinds[$0] }) {
                pieces.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// `text` cut by the standard library.
    static func unicodeSegments(_ text: String) -> [String] {
        var pieces: [String] = []
        var at = text.startIndex
        while at < text.endIndex {
            let next = text._wordIndex(after: at)
            pieces.append(String(text[at..<next]))
            at = next
        }
        return pieces
    }

    static let samples = [
        "Marginalia is a PDF and image annotation system written in Swift. It reads and writes",
        "don't l’homme well-known 3.14 1,000 (see Swift. “quoted”, ‘single’ e.g. v2.0 snake_case",
        "The Erasers' tools: pens, brushes; 12:30, 1;2 3/4 50% $5.00 #tag @name a+b C++ x=y",
        "S:t a·b 1.2.3 a.b.c 1,2,3 .5 5. ,5 'quoted' \"double\" --flag ... !? ¿Qué? ¡Sí!",
        "un café crème, Å, naïve, Ελληνικά κείμενα, Русский текст, עִבְרִית צה\"ל, العربية ١٢٣",
        "हिन्दी पाठ, 日本語のテキスト、漢字。カタカナ ひらがな 中文文本，标点。",
        "ｆｕｌｌｗｉｄｔｈ １２３ ＡＢＣ，ｄｅｆ",
        "zero\u{200B}width hy\u{AD}phen a\u{200D}b tab\there line\nbreak crlf\r\nnext nbsp\u{A0}x",
        "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467} \u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA} \u{1F44D}\u{1F3FD} ok",
        "§ 12 ¶ 3 © 2026 ™ → ← • – — … « guillemets » ‹ › „deutsch“ \u{2000B}\u{2000B}x",
    ]

    @Test(arguments: samples)
    func theSameBoundariesAsTheStandardLibrary(_ text: String) {
        #expect(Self.segments(text) == Self.unicodeSegments(text))
    }

    /// Where the rule means to differ: a Thai run is one word (UAX #29 cuts every letter),
    /// and so is a Korean word (the standard library cuts every syllable).
    @Test func thaiAndKoreanAreRunsHere() {
        #expect(Self.segments("ภาษาไทย ง่าย") == ["ภาษาไทย", " ", "ง่าย"])
        #expect(Self.unicodeSegments("ภาษาไทย").count == 7)
        #expect(Self.segments("한국어 텍스트") == ["한국어", " ", "텍스트"])
    }
}
