import Foundation
@testable import Marginalia
import Testing

/// The byte-at-a-time folding of ASCII words gives what folding `Character` by `Character`
/// gives, for every kind of word a page holds.
@Suite("Folding words for search")
struct TextMatcherFoldTests {
    static func word(_ text: String, hyphenated: Bool = false) -> TextWord {
        let quad = TextQuad(bottomLeft: CGPoint(x: 0, y: 0), bottomRight: CGPoint(x: 10, y: 0),
                            topRight: CGPoint(x: 10, y: 8), topLeft: CGPoint(x: 0, y: 8))
        let count = text.count
        return TextWord(text: text, quad: quad, characterEdges: (0...count).map { Double($0) / Double(max(count, 1)) },
                        characterRange: 0..<count, isHyphenated: hyphenated)
    }

    static let pages: [[TextWord]] = [
        ["The", "QUICK", "brown", "fox,", "C++", "e-mail", "(1999)", "[x]", "@#$%"].map { word($0) },
        [word("Caf\u{e9}"), word("cre\u{300}me"), word("STRASSE"), word("Stra\u{df}e"), word("\u{130}stanbul"), word("ﬁne")],
        [word("co-", hyphenated: true), word("operate"), word("re-", hyphenated: true), word("\u{e9}lan"),
         word("end-", hyphenated: true)],
        [word("line\r\nbreak"), word("tab\there"), word("a\rb"), word("MiXeD"), word("ZZ"), word("@[`{")],
        [word("d\u{e9}j\u{e0}-vu", hyphenated: true), word("AB-", hyphenated: true), word("-"), word("")],
    ]

    @Test(arguments: [TextSearchOptions([]), [.caseInsensitive], [.caseInsensitive, .diacriticInsensitive],
                      [.diacriticInsensitive, .wholeWords]])
    func asciiWordsFoldAsCharactersDo(options: TextSearchOptions) {
        for words in Self.pages {
            let fast = TextMatcher.fold(words, options: options, byteByByte: true)
            let slow = TextMatcher.fold(words, options: options, byteByByte: false)
            #expect(fast.text == slow.text)
            #expect(fast.origin.map(\.word) == slow.origin.map(\.word))
            #expect(fast.origin.map(\.character) == slow.origin.map(\.character))
        }
    }

    @Test func foldedWordsAreFoundAsBefore() {
        let words = Self.pages[0] + Self.pages[2]
        let matcher = TextMatcher("cooperate", options: [.caseInsensitive])
        let found = matcher.map { $0.matches(in: TextMatcher.fold(words, options: $0.options)) } ?? []
        #expect(found.count == 1)
        #expect(found.first.map { TextMatcher.text(of: $0, in: words) } == "co- operate")
        #expect(TextMatcher("quick brown", options: [.caseInsensitive])?.matches(in: words).count == 1)
        #expect(TextMatcher("quick brown", options: [])?.matches(in: words).isEmpty == true)
    }
}
