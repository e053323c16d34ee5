import Foundation
import Marginalia
import Testing

/// The page text's words, find's whole words and the long press's word (`WordRule`, in the
/// engine core) are one rule: a word the extraction reads is the word `WordRule` gives at any
/// of its characters, and a whole-word find finds exactly those words.
@Suite("Text: one rule for words")
struct WordRuleAgreementTests {
    // Helvetica, WinAnsi: \222 is ’, \351 é, \350 è, \240 a no-break space.
    static let content = "BT /F1 10 Tf 72 700 Td (don't l\\222homme well-known 3.14 1,000 \\(see Swift. caf\\351\\240cr\\350me) Tj ET"

    @Test func theExtractionCutsWordsAsTheRuleDoes() throws {
        let text = try TextFixtures.document(content: Self.content).text(ofPage: 0)
        let words = text.words.map(\.text)
        #expect(words == ["don't", "l’homme", "well-known", "3.14", "1,000", "(see", "Swift.", "café", "crème"])
        // The line as one string (words joined by a space): at every caret inside a word the
        // rule gives back that word.
        let line = words.joined(separator: " ")
        var start = 0
        for word in words {
            let end = start + word.utf16.count
            for caret in start..<end {
                #expect(WordRule.word(in: line, atUTF16Offset: caret) == start..<end, "\(word) at \(caret)")
            }
            start = end + 1
        }
        #expect(line.split(whereSeparator: WordRule.separates).map(String.init) == words)
    }

    @Test func wholeWordsFindTheRulesWordsOnly() throws {
        let text = try TextFixtures.document(content: Self.content).text(ofPage: 0)
        #expect(text.findString("3.14", options: [.wholeWords]).count == 1)
        #expect(text.findString("3", options: [.wholeWords]).isEmpty, "3 is part of the word 3.14")
        #expect(text.findString("1,000", options: [.wholeWords]).count == 1)
        #expect(text.findString("well-known", options: [.wholeWords]).count == 1)
        #expect(text.findString("well", options: [.wholeWords]).isEmpty)
        #expect(text.findString("don't", options: [.wholeWords]).count == 1)
        #expect(text.findString("Swift.", options: [.wholeWords]).count == 1)
    }
}
