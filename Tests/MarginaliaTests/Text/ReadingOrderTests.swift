import Foundation
import Marginalia
import Testing

@Suite("Search matches and annotations in reading order")
struct ReadingOrderTests {
    /// Two columns of four lines; "alpha" begins every line.
    static func columns() throws -> PageText {
        var content = "BT /F1 10 Tf 14 TL 72 700 Td "
        for line in 1...4 { content += "(alpha left \(line) words here) Tj T* " }
        content += "ET BT /F1 10 Tf 14 TL 320 700 Td "
        for line in 1...4 { content += "(alpha right \(line) words here) Tj T* " }
        content += "ET"
        return try TextFixtures.document(content: content).text(ofPage: 0)
    }

    @Test func matchesFollowTheColumnsNotTheRows() throws {
        let text = try Self.columns()
        let found = text.findString("alpha")
        #expect(found.count == 8)
        let xs = found.compactMap { $0.spans.first?.quads.first?.bounds.minX }
        // The left column's four, then the right column's: not row by row.
        #expect(xs.prefix(4).allSatisfy { $0 < 100 } && xs.suffix(4).allSatisfy { $0 > 300 })
    }

    @Test func aRectangleTakesItsPlaceByTheNearestWord() throws {
        let words = try Self.columns().words
        // The right column's second line: "alpha right 2 words here".
        let rightTwo = try #require(words.indices.filter { words[$0].text == "right" }.dropFirst().first) - 1
        let word = words[rightTwo]
        // Over the start of the right column's second line: before its first word.
        let before = CGRect(x: word.quad.bounds.minX - 30, y: word.quad.bounds.midY - 2, width: 4, height: 4)
        let place = ReadingOrder.position(of: before, among: words)
        #expect(words[place].text == "alpha" && abs(words[place].quad.bounds.midY - word.quad.bounds.midY) < 1)
        // Past the middle of the last word of that line: after it, before the next line.
        let last = words[rightTwo + 4]
        #expect(last.text == "here")
        let after = CGRect(x: last.quad.bounds.maxX - 1, y: last.quad.bounds.midY - 1, width: 2, height: 2)
        #expect(ReadingOrder.position(of: after, among: words) == rightTwo + 5)
        // Far below everything, nearest the right column's last word: after it, at the end.
        #expect(ReadingOrder.position(of: CGRect(x: 480, y: 100, width: 10, height: 10), among: words) == words.count)
        // Below the middle of that line's fourth word: after it, before the last word.
        let fourth = words[words.count - 2].quad.bounds
        #expect(ReadingOrder.position(of: CGRect(x: fourth.midX - 8, y: 100, width: 4, height: 4), among: words) == words.count - 1)
        // Above the page's text at the left: before the first word.
        #expect(ReadingOrder.position(of: CGRect(x: 60, y: 760, width: 10, height: 10), among: words) == 0)
        #expect(ReadingOrder.position(of: before, among: []) == 0)
    }

    @Test func rectanglesAtOnePlaceGoTopThenLeft() throws {
        let words = try Self.columns().words
        let high = CGRect(x: 60, y: 760, width: 10, height: 10)
        let higher = CGRect(x: 80, y: 780, width: 10, height: 10)
        let end = CGRect(x: 480, y: 100, width: 10, height: 10)
        #expect(ReadingOrder.order([end, high, higher], among: words) == [2, 1, 0])
        #expect(ReadingOrder.order([high, higher], among: []) == [1, 0])
    }

    @Test func plainTextMatchesUnderEveryOption() throws {
        let note = "Check the Engine's engineering notes"
        #expect(try #require(TextMatcher("engine", options: [.caseInsensitive])).matches(inPlainText: note) == ["Engine", "engine"])
        #expect(try #require(TextMatcher("engine", options: [])).matches(inPlainText: note) == ["engine"])
        #expect(try #require(TextMatcher("engine", options: [.caseInsensitive, .wholeWords])).matches(inPlainText: note).isEmpty)
        #expect(try #require(TextMatcher("the engine's", options: [.caseInsensitive, .wholeWords])).matches(inPlainText: note)
            == ["the Engine's"])
    }
}
