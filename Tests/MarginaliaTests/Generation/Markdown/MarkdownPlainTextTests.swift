import Testing
@testable import Marginalia

extension MarkdownTests {
    @Suite("Plain text")
    struct PlainText {
        @Test func paragraphsAtBlankLinesLinesKept() {
            let text = "Dear Ann,\nthanks for the *notes*.\n\n  \t \nBest,\r\nBob  \n"
            #expect(MarkdownDocument.plainText(text).blocks == [
                .paragraph([InlineRun("Dear Ann,\nthanks for the *notes*.")]),
                .paragraph([InlineRun("Best,\nBob")]),
            ])
        }

        @Test func indentationIsKeptAndTabsExpandToEightColumns() {
            #expect(MarkdownDocument.plainText("  indented\n\tTab\nab\tc").blocks == [
                .paragraph([InlineRun("  indented\n        Tab\nab      c")]),
            ])
        }

        @Test func nothingIsMarkup() {
            let text = "# not a heading\n- not a list\n> not a quote\n```\n&amp; <https://x>"
            #expect(MarkdownDocument.plainText(text).blocks == [.paragraph([InlineRun(text)])])
        }

        @Test func emptyAndBlankInput() {
            #expect(MarkdownDocument.plainText("").blocks.isEmpty)
            #expect(MarkdownDocument.plainText("\n \n\t\n").blocks.isEmpty)
        }

        @Test func byteOrderMarkAndNulls() {
            #expect(MarkdownDocument.plainText("\u{FEFF}a\u{0}b").blocks == [.paragraph([InlineRun("a\u{FFFD}b")])])
        }
    }
}
