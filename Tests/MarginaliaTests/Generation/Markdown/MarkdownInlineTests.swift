import Testing
@testable import Marginalia

extension MarkdownTests {
    @Suite("Inline")
    struct Inline {
        typealias M = MarkdownTests

        static func plain(_ text: String) -> [InlineRun] { [InlineRun(text)] }

        // MARK: - Emphasis

        @Test func boldAndItalicWithBothCharacters() {
            #expect(M.runs("a **b** c") == [InlineRun("a "), InlineRun("b", bold: true), InlineRun(" c")])
            #expect(M.runs("a __b__ c") == [InlineRun("a "), InlineRun("b", bold: true), InlineRun(" c")])
            #expect(M.runs("a *b* c") == [InlineRun("a "), InlineRun("b", italic: true), InlineRun(" c")])
            #expect(M.runs("a _b_ c") == [InlineRun("a "), InlineRun("b", italic: true), InlineRun(" c")])
            #expect(M.runs("***both***") == [InlineRun("both", bold: true, italic: true)])
        }

        @Test func nestedEmphasis() {
            #expect(M.runs("**bold *both* bold**") == [
                InlineRun("bold ", bold: true), InlineRun("both", bold: true, italic: true), InlineRun(" bold", bold: true),
            ])
            #expect(M.runs("*it **bo** it*") == [
                InlineRun("it ", italic: true), InlineRun("bo", bold: true, italic: true), InlineRun(" it", italic: true),
            ])
            // The rule of three: `*foo**bar*` is one emphasis, not a strong one.
            #expect(M.runs("*foo**bar*") == [InlineRun("foo**bar", italic: true)])
            // Overlapping spans: the first closer wins, the other delimiters stay literal.
            #expect(M.runs("*a _b* c_") == [InlineRun("a _b", italic: true), InlineRun(" c_")])
            #expect(M.runs("emphasis*inside*words") == [InlineRun("emphasis"), InlineRun("inside", italic: true), InlineRun("words")])
        }

        @Test func intrawordUnderscoresAreLiteral() {
            #expect(M.runs("snake_case_name and __init__") == [InlineRun("snake_case_name and "), InlineRun("init", bold: true)])
            #expect(M.runs("a_b_ c") == Self.plain("a_b_ c"))
        }

        @Test(arguments: [
            "**unclosed", "unopened**", "* not emphasis *", "a * b * c", "_a*", "__a**", "****", "*", "_", "__ __",
        ])
        func unmatchedDelimitersStayLiteral(text: String) {
            // After "x " so that no line is a list item or a rule.
            #expect(M.runs("x " + text) == Self.plain("x " + text))
        }

        @Test func partlyMatchedRunsKeepTheRestLiteral() {
            #expect(M.runs("**a*") == [InlineRun("*"), InlineRun("a", italic: true)])
            #expect(M.runs("*a**") == [InlineRun("a", italic: true), InlineRun("*")])
        }

        // MARK: - Code spans

        @Test func codeSpans() {
            #expect(M.runs("use `let x = *1*` here") == [InlineRun("use "), InlineRun("let x = *1*", code: true), InlineRun(" here")])
            #expect(M.runs("``a ` b``") == [InlineRun("a ` b", code: true)])
            #expect(M.runs("` `` `") == [InlineRun("``", code: true)])
            #expect(M.runs("`  two  `") == [InlineRun(" two ", code: true)])
            #expect(M.runs("`multi\nline`") == [InlineRun("multi line", code: true)])
            #expect(M.runs("`\\*`") == [InlineRun("\\*", code: true)])
            #expect(M.runs("**`bold code`**") == [InlineRun("bold code", bold: true, code: true)])
        }

        @Test func unmatchedBackticksAreLiteral() {
            #expect(M.runs("a `` b ` c") == Self.plain("a `` b ` c"))
            #expect(M.runs("```a``") == Self.plain("```a``"))
        }

        // MARK: - Links

        @Test func inlineLinks() {
            #expect(M.runs("see [the *docs*](https://x.org/a_b) now") == [
                InlineRun("see "),
                InlineRun("the ", link: "https://x.org/a_b"),
                InlineRun("docs", italic: true, link: "https://x.org/a_b"),
                InlineRun(" now"),
            ])
            #expect(M.runs("[t](<a b> 'title')") == [InlineRun("t", link: "a b")])
            #expect(M.runs("[t](u(1)) x") == [InlineRun("t", link: "u(1)"), InlineRun(" x")])
            #expect(M.runs("[t](a\\)b&amp;c)") == [InlineRun("t", link: "a)b&c")])
            #expect(M.runs("[empty]()") == [InlineRun("empty", link: "")])
            #expect(M.runs("**[bold link](x)**") == [InlineRun("bold link", bold: true, link: "x")])
        }

        @Test func whatIsNotALink() {
            #expect(M.runs("[no destination]") == Self.plain("[no destination]"))
            #expect(M.runs("[ref][label]") == Self.plain("[ref][label]"))
            #expect(M.runs("[open](no close") == Self.plain("[open](no close"))
            #expect(M.runs("[a](b c)") == Self.plain("[a](b c)"))
            #expect(M.runs("]x[") == Self.plain("]x["))
        }

        @Test func linksDoNotNest() {
            #expect(M.runs("[outer [inner](i)](o)") == [InlineRun("[outer "), InlineRun("inner", link: "i"), InlineRun("](o)")])
        }

        @Test func emphasisDoesNotCrossLinkText() {
            #expect(M.runs("*a [b*](c)") == [InlineRun("*a "), InlineRun("b*", link: "c")])
        }

        @Test func autolinks() {
            #expect(M.runs("go to <https://example.com/a?b=c&d> now") == [
                InlineRun("go to "), InlineRun("https://example.com/a?b=c&d", link: "https://example.com/a?b=c&d"), InlineRun(" now"),
            ])
            #expect(M.runs("<me@example.org>") == [InlineRun("me@example.org", link: "mailto:me@example.org")])
            #expect(M.runs("<not a link> <ab:> <a:b>") == [InlineRun("<not a link> "), InlineRun("ab:", link: "ab:"), InlineRun(" <a:b>")])
            #expect(M.runs("<https://x y>") == Self.plain("<https://x y>"))
        }

        // MARK: - Escapes and entities

        @Test func backslashEscapes() {
            #expect(M.runs("\\*not\\* \\_ \\[x\\](y) \\` \\\\ \\a") == Self.plain("*not* _ [x](y) ` \\ \\a"))
            #expect(M.runs("\\# not a heading") == Self.plain("# not a heading"))
        }

        @Test func entities() {
            #expect(M.runs("&amp; &lt;b&gt; &quot;q&quot; &#65;&#x42;&#X43; &copy; &nbsp;") == Self.plain("& <b> \"q\" ABC © \u{A0}"))
            #expect(M.runs("&#0; &#x110000; &#xD800;") == Self.plain("\u{FFFD} \u{FFFD} \u{FFFD}"))
            #expect(M.runs("&unknown; & &#; &#x; &#12345678; &amp") == Self.plain("&unknown; & &#; &#x; &#12345678; &amp"))
            #expect(M.runs("`&amp;`") == [InlineRun("&amp;", code: true)])
            #expect(M.runs("&ast;not emphasis&ast;") == Self.plain("&ast;not emphasis&ast;"))
            #expect(M.runs("&#42;not emphasis&#42;") == Self.plain("*not emphasis*"))
        }

        @Test func rawHTMLStaysText() {
            #expect(M.runs("a <b>bold</b> c") == Self.plain("a <b>bold</b> c"))
        }
    }
}
