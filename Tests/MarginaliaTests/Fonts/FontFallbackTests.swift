import Testing

@testable import Marginalia

/// ``FontFallback/needsEmbeddedFont(_:)``: text needs an embedded font exactly when some
/// character, other than a line end or a tab, has no WinAnsi code; its shortcut for ASCII
/// gives the same answer as that rule.
@Suite("Font fallback")
struct FontFallbackTests {
    /// The rule, one character at a time.
    static func byCharacters(_ text: String) -> Bool {
        text.contains { !$0.isNewline && $0 != "\t" && WinAnsiEncoding.code(for: $0) == nil }
    }

    @Test("every ASCII character, alone and among letters, as the rule says")
    func ascii() {
        for value in UInt8(0)...0x7F {
            let character = String(UnicodeScalar(value))
            for text in [character, "a\(character)b", "\(character)\r\n"] {
                #expect(FontFallback.needsEmbeddedFont(text) == Self.byCharacters(text), "U+\(value)")
            }
        }
        #expect(!FontFallback.needsEmbeddedFont("Value p1.text1\tand\r\nmore"))
        #expect(FontFallback.needsEmbeddedFont("bell \u{07}"))
    }

    @Test("beyond ASCII: WinAnsi's Latin-1 and punctuation need none, other scripts need one")
    func beyondASCII() {
        #expect(!FontFallback.needsEmbeddedFont("café – “quoted” €"))
        #expect(!FontFallback.needsEmbeddedFont("cafe\u{301}"))
        #expect(FontFallback.needsEmbeddedFont("Ελληνικά"))
        #expect(FontFallback.needsEmbeddedFont("日本"))
    }
}
