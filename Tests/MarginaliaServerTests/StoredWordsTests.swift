import Foundation
import Marginalia
@testable import MarginaliaServer
import Testing

/// The text index stores each page's words as compact JSON (``StoredWords``): written as
/// bytes, the same text as joining each number's Swift string, and read back the same.
@Suite("Stored words")
struct StoredWordsTests {
    /// The words as the index wrote them before they were written as bytes.
    static func joined(_ words: [TextWord]) -> String {
        func number(_ value: Double) -> String {
            let rounded = (value * 1000).rounded() / 1000
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        return "[" + words.map { word in
            let q = word.quad
            let quad = [q.bottomLeft.x, q.bottomLeft.y, q.bottomRight.x, q.bottomRight.y, q.topRight.x, q.topRight.y,
                        q.topLeft.x, q.topLeft.y].map { number(Double($0)) }.joined(separator: ",")
            let edges = word.characterEdges.map { number($0) }.joined(separator: ",")
            return "[\(JSONWriter.string(.string(word.text))),[\(quad)],[\(edges)],\(word.isHyphenated ? 1 : 0)]"
        }.joined(separator: ",") + "]"
    }

    static let values: [Double] = [0, -0.0, 0.0004, -0.0004, 0.0005, -0.0006, 0.001, 0.1, 0.25, 1, -1, 12.3456, 72.0001,
                                   612, 791.9995, -3.14159, 1e-7, 123_456.789, 999_999_999.4, 2_000_000_000.125,
                                   1e12 + 0.5, 5e15, -7.5e13]

    static func words() -> [TextWord] {
        var generator = SystemRandomNumberGenerator()
        var values = Self.values
        for _ in 0..<2_000 { values.append(Double.random(in: -2_000...2_000, using: &generator)) }
        for _ in 0..<200 { values.append(Double(Int.random(in: -5_000_000...5_000_000, using: &generator)) / 1000) }
        var words: [TextWord] = []
        var at = 0
        let texts = ["plain", "qu\"ote", "back\\slash", "tab\there", "caf\u{e9}", "\u{1}", ""]
        while at + 12 <= values.count {
            let v = Array(values[at..<(at + 12)])
            let quad = TextQuad(bottomLeft: CGPoint(x: v[0], y: v[1]), bottomRight: CGPoint(x: v[2], y: v[3]),
                                topRight: CGPoint(x: v[4], y: v[5]), topLeft: CGPoint(x: v[6], y: v[7]))
            words.append(TextWord(text: texts[words.count % texts.count], quad: quad, characterEdges: Array(v[8...]),
                                  characterRange: 0..<3, isHyphenated: words.count % 5 == 0))
            at += 12
        }
        return words
    }

    @Test func theBytesAreTheTextJoinedStringsGave() {
        let words = Self.words()
        let written = Array(StoredWords.encode(words).utf8), joined = Array(Self.joined(words).utf8)
        let differs = zip(written, joined).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? (written.count == joined.count ? nil : min(written.count, joined.count))
        #expect(differs == nil, "from byte \(differs ?? 0): \(String(decoding: written.dropFirst(differs ?? 0).prefix(80), as: UTF8.self))")
        #expect(StoredWords.encode([]) == "[]")
    }

    @Test func wordsReadBackAsWritten() throws {
        let words = Self.words()
        let read = try StoredWords.decode(StoredWords.encode(words))
        #expect(read.count == words.count)
        #expect(read.map(\.text) == words.map(\.text))
        #expect(read.map(\.isHyphenated) == words.map(\.isHyphenated))
        for (a, b) in zip(read, words) {
            #expect(abs(Double(a.quad.topRight.x) - Double(b.quad.topRight.x)) <= 0.0005 * max(1, abs(Double(b.quad.topRight.x)) / 1e9))
        }
    }

    @Test func aNumberThatIsNoneLeavesItsWordOut() throws {
        let words = [TextMatcherWords.word("kept"), TextMatcherWords.word("lost", x: .nan), TextMatcherWords.word("too", x: .infinity)]
        #expect(try StoredWords.decode(StoredWords.encode(words)).map(\.text) == ["kept"])
    }
}

enum TextMatcherWords {
    static func word(_ text: String, x: Double = 0) -> TextWord {
        let quad = TextQuad(bottomLeft: CGPoint(x: x, y: 0), bottomRight: CGPoint(x: 10, y: 0),
                            topRight: CGPoint(x: 10, y: 8), topLeft: CGPoint(x: 0, y: 8))
        return TextWord(text: text, quad: quad, characterEdges: [0, 1], characterRange: 0..<1, isHyphenated: false)
    }
}
