import Testing
@testable import Marginalia

extension MarkdownTests {
    @Suite("Blocks")
    struct Blocks {
        typealias M = MarkdownTests

        // MARK: - Headings

        @Test func atxHeadingsOfEveryLevel() {
            let markdown = (1...6).map { String(repeating: "#", count: $0) + " Level \($0)" }.joined(separator: "\n")
            #expect(M.blocks(markdown) == (1...6).map { .heading(level: $0, [InlineRun("Level \($0)")]) })
        }

        @Test func atxHeadingEdges() {
            #expect(M.blocks("####### seven") == [M.paragraph("####### seven")])
            #expect(M.blocks("#hashtag") == [M.paragraph("#hashtag")])
            #expect(M.blocks("## Closed ##   ") == [.heading(level: 2, [InlineRun("Closed")])])
            #expect(M.blocks("# C#") == [.heading(level: 1, [InlineRun("C#")])])
            #expect(M.blocks("#") == [.heading(level: 1, [])])
            #expect(M.blocks("   ### indented") == [.heading(level: 3, [InlineRun("indented")])])
            #expect(M.blocks("# *Styled* title") == [.heading(level: 1, [InlineRun("Styled", italic: true), InlineRun(" title")])])
        }

        @Test func setextHeadings() {
            #expect(M.blocks("Title\n=====") == [.heading(level: 1, [InlineRun("Title")])])
            #expect(M.blocks("Sub\ntitle\n---") == [.heading(level: 2, [InlineRun("Sub title")])])
            #expect(M.blocks("Title\n  ==  ") == [.heading(level: 1, [InlineRun("Title")])])
            // Without a paragraph above, `===` is text and `---` a rule.
            #expect(M.blocks("===") == [M.paragraph("===")])
            #expect(M.blocks("\n---") == [.thematicBreak])
            #expect(M.blocks("Text\n== not") == [M.paragraph("Text == not")])
        }

        // MARK: - Paragraphs

        @Test func paragraphsJoinLinesAndSplitAtBlankLines() {
            #expect(M.blocks("one\ntwo\n   three\n\n\nfour") == [M.paragraph("one two three"), M.paragraph("four")])
        }

        @Test func hardBreaks() {
            #expect(M.blocks("one  \ntwo\\\nthree \nfour") == [M.paragraph("one\ntwo\nthree four")])
            // At the end of a paragraph neither is a break: spaces go, the backslash stays.
            #expect(M.blocks("end  ") == [M.paragraph("end")])
            #expect(M.blocks("end\\") == [M.paragraph("end\\")])
        }

        @Test func lineEndingsOfEveryKind() {
            #expect(M.blocks("a\r\nb\rc\n\r\nd") == [M.paragraph("a b c"), M.paragraph("d")])
        }

        // MARK: - Code

        @Test func fencedCodeWithInfoString() {
            let markdown = "```swift title=x\nlet a = 1\n\n  indented\n```\nafter"
            #expect(M.blocks(markdown) == [
                .codeBlock(language: "swift", text: "let a = 1\n\n  indented"),
                M.paragraph("after"),
            ])
        }

        @Test func tildeFencesAndLongerFences() {
            #expect(M.blocks("~~~\na ```\n~~~") == [.codeBlock(language: nil, text: "a ```")])
            #expect(M.blocks("````md\n```\nstill code\n````") == [.codeBlock(language: "md", text: "```\nstill code")])
            #expect(M.blocks("```\n*not emphasis* &amp;\n```") == [.codeBlock(language: nil, text: "*not emphasis* &amp;")])
        }

        @Test func fenceIndentationIsRemovedFromContent() {
            #expect(M.blocks("  ```\n  two\n    four\n one\n  ```") == [.codeBlock(language: nil, text: "two\n  four\none")])
        }

        @Test func unclosedFenceRunsToTheEnd() {
            #expect(M.blocks("```\ncode\n\nmore") == [.codeBlock(language: nil, text: "code\n\nmore")])
            #expect(M.blocks("```") == [.codeBlock(language: nil, text: "")])
        }

        @Test func backtickFenceInfoMayNotHoldBackticks() {
            #expect(M.blocks("``` a`b\ncode") == [.paragraph([InlineRun("``` a`b code")])])
        }

        @Test func indentedCode() {
            let markdown = "para\n\n    line 1\n\n      line 2\n\t tab\n\n\nafter"
            #expect(M.blocks(markdown) == [
                M.paragraph("para"),
                .codeBlock(language: nil, text: "line 1\n\n  line 2\n tab"),
                M.paragraph("after"),
            ])
        }

        @Test func indentedLinesContinueAParagraph() {
            #expect(M.blocks("para\n    more") == [M.paragraph("para more")])
        }

        // MARK: - Quotes

        @Test func quotes() {
            #expect(M.blocks("> one\n> two\n>\n> # Head\nnot lazy") == [
                .quote([M.paragraph("one two"), .heading(level: 1, [InlineRun("Head")])]),
                M.paragraph("not lazy"),
            ])
            #expect(M.blocks("> one\n> two\n>\n> three\nlazy") == [
                .quote([M.paragraph("one two"), M.paragraph("three lazy")]),
            ])
            #expect(M.blocks(">no space\n\n> again") == [.quote([M.paragraph("no space")]), .quote([M.paragraph("again")])])
        }

        @Test func nestedQuotesAndBlocksInQuotes() {
            #expect(M.blocks("> > inner\n> outer") == [.quote([.quote([M.paragraph("inner outer")])])])
            #expect(M.blocks("> # Title\n> - item\n> ```\n> code\n> ```") == [
                .quote([
                    .heading(level: 1, [InlineRun("Title")]),
                    .list(ordered: false, start: 1, items: [[M.paragraph("item")]]),
                    .codeBlock(language: nil, text: "code"),
                ]),
            ])
        }

        @Test func lazinessOnlyContinuesParagraphs() {
            #expect(M.blocks("> ```\n> code\nafter") == [
                .quote([.codeBlock(language: nil, text: "code")]),
                M.paragraph("after"),
            ])
            #expect(M.blocks("> text\n---") == [.quote([M.paragraph("text")]), .thematicBreak])
        }

        // MARK: - Thematic breaks

        @Test(arguments: ["---", "***", "___", " - - -", "*  *  *  *", "___   "])
        func thematicBreaks(line: String) {
            #expect(M.blocks("before\n\n" + line + "\nafter") == [M.paragraph("before"), .thematicBreak, M.paragraph("after")])
        }

        @Test(arguments: ["--", "**", "-*-", "--- a", "    ---"])
        func notThematicBreaks(line: String) {
            #expect(!M.blocks("\n" + line).contains(.thematicBreak), "\(line)")
        }

        // MARK: - Images

        @Test func imageAloneIsABlock() {
            #expect(M.blocks("![A *cat*](images/cat.png)") == [.image(alt: "A cat", source: "images/cat.png")])
            #expect(M.blocks("  ![](<my pic.png> \"Title\")  ") == [.image(alt: "", source: "my pic.png")])
        }

        @Test func imageAmongTextBecomesItsAltText() {
            #expect(M.blocks("See ![the diagram](d.png) here.") == [M.paragraph("See the diagram here.")])
            #expect(M.blocks("![a](a.png) ![b](b.png)") == [M.paragraph("a b")])
            #expect(M.blocks("[![badge](b.svg)](https://ci)") == [.paragraph([InlineRun("badge", link: "https://ci")])])
            #expect(M.blocks("# ![logo](l.png)") == [.heading(level: 1, [InlineRun("logo")])])
        }
    }
}
