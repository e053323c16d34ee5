import Foundation
import Marginalia
import Testing

@Suite("Text search and selections")
struct TextSearchTests {
    static func document(pages: Int = 1) throws -> PDFDocument {
        let content = "BT /F1 10 Tf 14 TL 72 700 Td (Caf\\351 society meets) Tj T* (the cafe owner. Cafeteria) Tj ET"
        return try TextFixtures.document(content: content, pages: pages)
    }

    @Test func caseAndAccentsFoldAsAsked() throws {
        let text = try Self.document().text(ofPage: 0)
        #expect(text.findString("café").count == 1)
        #expect(text.findString("CAFE", options: [.caseInsensitive, .diacriticInsensitive]).count == 3)
        #expect(text.findString("cafe", options: []).count == 1)
        #expect(text.findString("cafe", options: [.caseInsensitive, .diacriticInsensitive, .wholeWords]).count == 2)
    }

    /// Whole words: a match whose ends are word boundaries (WordRule), as pdf.js's entire-word
    /// option has it: punctuation around a word is no part of it, a hyphen is a boundary,
    /// an apostrophe between letters and a full stop or comma between digits are not.
    @Test func wholeWordsEndAtWordBoundariesNotOnlyAtSpaces() throws {
        let content = "BT /F1 10 Tf 14 TL 72 700 Td (Swift, \\(Swift\\) Swift. Swifter well-known don't 3.14 1,000) Tj "
            + "T* (\\(caf\\351\\) CAF\\311S cr\\350me-br\\373l\\351e e.g. 3 14) Tj ET"
        let text = try TextFixtures.document(content: content).text(ofPage: 0)
        #expect(text.findString("Swift", options: [.wholeWords]).map(\.string) == ["Swift", "Swift", "Swift"])
        #expect(text.findString("well", options: [.wholeWords]).count == 1)
        #expect(text.findString("known", options: [.wholeWords]).count == 1)
        #expect(text.findString("don", options: [.wholeWords]).isEmpty)
        #expect(text.findString("t", options: [.wholeWords]).isEmpty)
        #expect(text.findString("3", options: [.wholeWords]).count == 1, "the 3 of the second line, not the one of 3.14")
        #expect(text.findString("14", options: [.wholeWords]).count == 1)
        #expect(text.findString("000", options: [.wholeWords]).isEmpty)
        #expect(text.findString("e.g", options: [.wholeWords]).count == 1)
        #expect(text.findString("e", options: [.wholeWords]).isEmpty)
        // Folded first: accents and case go, then the boundaries are read.
        let folded: TextSearchOptions = [.caseInsensitive, .diacriticInsensitive, .wholeWords]
        #expect(text.findString("cafe", options: folded).map(\.string) == ["café"])
        #expect(text.findString("creme", options: folded).map(\.string) == ["crème"])
        #expect(text.findString("brulee", options: folded).count == 1)
    }

    @Test func aPhraseIsFoundAcrossALineBreak() throws {
        let text = try Self.document().text(ofPage: 0)
        let found = text.findString("meets the  CAFE")
        #expect(found.count == 1)
        #expect(found.first?.string == "meets the cafe")
        #expect(found.first?.spans.first?.quads.count == 3)
    }

    /// Between words, punctuation and spaces are one kind of gap, in the query and on the page
    /// (the server's index, which keeps only letters and digits, answers such pages: their
    /// matches must have quads).
    @Test func punctuationBetweenWordsMatchesAnySeparator() throws {
        let content = "BT /F1 10 Tf 14 TL 72 700 Td (The Erasers' tools: caf\\351-cr\\350me, 1.5 x) Tj T* (caf\\351 cr\\350me C++) Tj ET"
        let text = try TextFixtures.document(content: content).text(ofPage: 0)
        let phrase = text.findString("café crème")
        #expect(phrase.map(\.string) == ["café-crème", "café crème"])
        #expect(phrase.map { $0.spans.flatMap(\.quads).count } == [1, 2])
        #expect(text.findString("café-crème").count == 2)
        let erasers = try #require(text.findString("the erasers tools").first)
        #expect(erasers.string == "The Erasers' tools" && erasers.spans.flatMap(\.quads).count == 3)
        #expect(text.findString("1.5").map(\.string) == ["1.5"])
        // Separators at either end of the query are looked for as written.
        #expect(text.findString("C++").count == 1 && text.findString("tools:").count == 1 && text.findString("x:").isEmpty)
        #expect(text.findString("cafécrème").isEmpty && text.findString("café  -  crème").count == 2)
    }

    @Test func aMatchInsideAWordCoversOnlyItsLetters() throws {
        let text = try Self.document().text(ofPage: 0)
        let match = try #require(text.findString("teri").first)
        let word = try #require(text.words.first { $0.text == "Cafeteria" })
        let quad = try #require(match.spans.first?.quads.first)
        #expect(abs(quad.bottomLeft.x - word.quad.portion(from: word.characterEdges[4], to: 1).bottomLeft.x) < 1e-9)
        #expect(abs(quad.bottomRight.x - word.quad.portion(from: 0, to: word.characterEdges[8]).bottomRight.x) < 1e-9)
        #expect(quad.bounds.width < word.quad.bounds.width / 2)
    }

    @Test func findStringSearchesEveryPage() throws {
        let document = try Self.document(pages: 3)
        let found = try document.findString("owner")
        #expect(found.map(\.pages) == [[0], [1], [2]])
        #expect(found[1].bounds(forPage: 1).width > 0 && found[1].bounds(forPage: 0) == .null)
    }

    @Test func pagesAnswerForTheirTextLikePDFKit() throws {
        let document = try Self.document()
        let page = try document.page(at: 0)
        #expect(try page.string == "Café society meets\nthe cafe owner. Cafeteria")
        let bounds = try page.characterBounds(at: 1)
        #expect(abs(bounds.minX - (72 + 7.22)) < 1e-6)
        #expect(try page.characterBounds(at: 4) == .null)  // the space after "Café"
        // "Café" ends at 93.12 and "cafe" starts at 88.68 (Helvetica): the rectangle takes the
        // characters whose centres it holds.
        let selection = try #require(try page.selection(for: CGRect(x: 60, y: 680, width: 34, height: 40)))
        #expect(selection.string == "Café\nthe c")
        #expect(selection.spans.first?.quads.count == 3)
        #expect(try page.selection(for: CGRect(x: 0, y: 0, width: 10, height: 10)) == nil)
    }

    @Test func aPageOfAClosedDocumentSaysSo() throws {
        var page: PDFPage?
        do { page = try Self.document().page(at: 0) }
        #expect(throws: PDFError.self) { try page?.string }
    }

    @Test func cachedTextIsDroppedWhenTheDocumentChanges() throws {
        let document = try Self.document()
        #expect(try document.text(ofPage: 0).words.count == 7)
        _ = try document.insertBlankPage(size: CGSize(width: 100, height: 100), at: 0)
        #expect(try document.text(ofPage: 0).words.isEmpty)
    }
}
