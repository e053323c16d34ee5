// Whitespace trimmed without Foundation against Foundation's trimming.
import Foundation
import Testing
@testable import Marginalia

@Suite("Whitespace trimming without Foundation")
struct WhitespaceTrimmingTests {
    /// Every space separator (Zs), the tab, line breaks (kept), a space before a combining
    /// mark, and text around them.
    static let samples: [String] = {
        let spaces = ["\u{20}", "\u{09}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2005}", "\u{200A}", "\u{202F}",
                      "\u{205F}", "\u{3000}", "\u{200B}"]
        let others = ["", "x", "12", "a b", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{200C}",
                      "\u{FEFF}", "\u{301}", "é", "水", "😀", " \u{301}", "\t\u{301}x"]
        var result: [String] = []
        for a in spaces + others {
            for b in spaces + others {
                result += [a + "7" + b, a + b, " " + a + "page" + b + "\t", a + "x y" + a]
            }
        }
        return result
    }()

    /// The set itself, scalar by scalar over all of Unicode's planes.
    @Test func trimsWhatFoundationCallsWhitespace() {
        var disagreements: [String] = []
        for value in 0..<0x11_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar) + "x"
            if (text.trimmingWhitespaces() == "x") != CharacterSet.whitespaces.contains(scalar) {
                disagreements.append("U+" + String(value, radix: 16))
            }
        }
        #expect(disagreements.isEmpty)
    }

    @Test func trimsAsFoundationTrims() {
        for text in Self.samples {
            #expect(text.trimmingWhitespaces() == text.trimmingCharacters(in: .whitespaces),
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            let sub = Substring(text)
            #expect(sub.trimmingWhitespaces() == sub.trimmingCharacters(in: .whitespaces))
        }
    }
}
