import Foundation
import Testing
@testable import Marginalia

extension MarkdownTests {
    @Suite("Robustness")
    struct Robustness {
        typealias M = MarkdownTests

        /// How deep quotes and list items nest in `blocks`.
        static func nesting(_ blocks: [MarkdownBlock]) -> Int {
            blocks.map { block in
                switch block {
                case .quote(let inner): 1 + nesting(inner)
                case .list(_, _, let items): 1 + (items.map(nesting).max() ?? 0)
                default: 0
                }
            }.max() ?? 0
        }

        /// The innermost block, following the last block of each quote and list item.
        static func innermost(_ blocks: [MarkdownBlock]) -> MarkdownBlock? {
            switch blocks.last {
            case .quote(let inner)?: innermost(inner)
            case .list(_, _, let items)?: innermost(items.last ?? [])
            case let block: block
            }
        }

        /// Deterministic pseudo-random bytes (xorshift), so a failure can be reproduced.
        static func garbage(count: Int, seed: UInt64) -> [UInt8] {
            var state = seed
            return (0..<count).map { _ in
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                return UInt8(truncatingIfNeeded: state)
            }
        }

        // MARK: - Nesting

        @Test func hundredThousandQuoteMarkersOnOneLine() {
            let blocks = M.blocks(String(repeating: ">", count: 100_000) + " deep")
            #expect(Self.nesting(blocks) == MarkdownDocument.maximumNesting)
            #expect(Self.innermost(blocks) == M.paragraph(String(repeating: ">", count: 100_000 - 16) + " deep"))
        }

        @Test func hundredThousandQuoteLines() {
            let blocks = M.blocks(String(repeating: "> > > > > > > > > > > > > > > > > > > > x\n", count: 100_000 / 20))
            #expect(Self.nesting(blocks) == MarkdownDocument.maximumNesting)
        }

        @Test func hundredThousandListMarkers() {
            let blocks = M.blocks(String(repeating: "- ", count: 100_000) + "x")
            #expect(Self.nesting(blocks) == MarkdownDocument.maximumNesting)
            #expect(Self.innermost(blocks) == M.paragraph(String(repeating: "- ", count: 100_000 - 16) + "x"))
        }

        @Test func deeperIndentedListsBecomeText() {
            let markdown = (0..<20).map { String(repeating: "  ", count: $0) + "- item\($0)" }.joined(separator: "\n")
            let blocks = M.blocks(markdown)
            #expect(Self.nesting(blocks) == MarkdownDocument.maximumNesting)
            #expect(Self.innermost(blocks) == M.paragraph("item15 - item16 - item17 - item18 - item19"))
        }

        // MARK: - Garbage

        @Test(arguments: [1, 2, 3, 4, 5])
        func binaryGarbageParses(seed: UInt64) {
            let text = String(decoding: Self.garbage(count: 200_000, seed: seed), as: UTF8.self)
            let document = MarkdownDocument.parse(text)
            #expect(!document.blocks.isEmpty)
            #expect(!MarkdownDocument.plainText(text).blocks.isEmpty)
        }

        @Test func markdownPunctuationSoup() {
            // Random sequences of Markdown's own characters reach every branch of both parsers.
            let alphabet = Array("*_`[]()<>!&#\\ \n-+>~=|:;1.a".utf8)
            for seed in UInt64(1)...20 {
                let bytes = Self.garbage(count: 20_000, seed: seed).map { alphabet[Int($0) % alphabet.count] }
                _ = MarkdownDocument.parse(String(decoding: bytes, as: UTF8.self))
            }
        }

        // MARK: - Size

        /// Inputs of about 1 MB built to defeat naive algorithms: each would take minutes
        /// if any step rescanned the text quadratically.
        static let adversarial: [(String, String)] = [
            ("README repeated", String(repeating: Documents.readme + "\n\n", count: 1_000_000 / Documents.readme.utf8.count)),
            ("one long paragraph", String(repeating: "word **bold** _it_ `code` [link](u) ", count: 30_000)),
            ("unclosed openers", String(repeating: "a *b _c **d __e ", count: 60_000)),
            ("unmatched closers", "x " + String(repeating: "a* b_ c** d__ ", count: 70_000)),
            ("nested emphasis", "x " + String(repeating: "*a ", count: 150_000) + String(repeating: " a*", count: 150_000)),
            ("open brackets", "x " + String(repeating: "[", count: 1_000_000)),
            ("image openers", "x " + String(repeating: "![a", count: 300_000)),
            ("links after openers", "x " + String(repeating: "[", count: 300_000) + String(repeating: "[a](b)", count: 100_000)),
            ("unclosed link tails", "x " + String(repeating: "[a](<b ", count: 150_000)),
            ("unclosed titles", "x " + String(repeating: "[a](b \"c ", count: 100_000)),
            ("deep parentheses", "x " + String(repeating: "[a](b(", count: 150_000)),
            ("backtick runs", "x " + (1...1_400).map { String(repeating: "`", count: $0) + " " }.joined()),
            ("autolink starts", "x " + String(repeating: "<ab:c ", count: 150_000)),
            ("entity starts", "x " + String(repeating: "&#12345678 &amp ", count: 60_000)),
            ("many lines", String(repeating: "line\n", count: 200_000)),
            ("many blank lines", String(repeating: "\n", count: 1_000_000)),
            ("lazy quote lines", "> x\n" + String(repeating: "lazy\n", count: 200_000)),
            ("list items", String(repeating: "- item\n  continued\n", count: 50_000)),
            ("unclosed fence", "```\n" + String(repeating: "code\n", count: 200_000)),
        ]

        @Test(arguments: adversarial.indices)
        func megabyteInputsParseInLinearTime(index: Int) {
            let (name, text) = Self.adversarial[index]
            let clock = ContinuousClock()
            let elapsed = clock.measure {
                _ = MarkdownDocument.parse(text)
            }
            print("\(name): \(text.utf8.count) bytes in \(elapsed)")
            // Generous for a debug build on a slow machine; a quadratic step takes minutes.
            #expect(elapsed < .seconds(20), "\(name): \(elapsed)")
        }

        @Test func tenMegabytesOfText() {
            let text = String(repeating: "Some *text* with `code` and [links](x).\n", count: 10_000_000 / 40)
            let clock = ContinuousClock()
            var document = MarkdownDocument(blocks: [])
            let elapsed = clock.measure {
                document = MarkdownDocument.parse(text)
            }
            print("10 MB: \(elapsed)")
            #expect(document.blocks.count == 1)
            #expect(elapsed < .seconds(120))
        }
    }
}
