import Testing
@testable import Marginalia

extension MarkdownTests {
    @Suite("Documents")
    struct Documents {
        typealias M = MarkdownTests

        static let readme = """
            # Marginalia

            [![CI](https://ci.example/badge.svg)](https://ci.example)

            Marginalia is a **PDF editor** for the _browser_. It reads, annotates and
            writes PDF files; see [the docs](docs/cli.md).

            ## Install

            1. Install Swift 6.
            2. Build:

               ```sh
               swift build -c release
               ```

            3. Run `marginalia --help`.

            ## Features

            - Annotations:
              - ink, highlights and notes
              - free text in *any* font
            - Forms & signatures
            * Flattening

            > **Note:** encrypted files need a password.
            > Ask the author.

            ![Screenshot of the editor](docs/screen.png)

            ---

            Licensed under the MIT licence &copy; 2024.\\
            Questions? <mailto:team@example.org>

                indented code
                  keeps its indent
            """

        @Test func readmeParsesToTheExpectedBlocks() {
            let expected: [MarkdownBlock] = [
                .heading(level: 1, [InlineRun("Marginalia")]),
                .paragraph([InlineRun("CI", link: "https://ci.example")]),
                .paragraph([
                    InlineRun("Marginalia is a "),
                    InlineRun("PDF editor", bold: true),
                    InlineRun(" for the "),
                    InlineRun("browser", italic: true),
                    InlineRun(". It reads, annotates and writes PDF files; see "),
                    InlineRun("the docs", link: "docs/cli.md"),
                    InlineRun("."),
                ]),
                .heading(level: 2, [InlineRun("Install")]),
                .list(ordered: true, start: 1, items: [
                    [M.paragraph("Install Swift 6.")],
                    [M.paragraph("Build:"), .codeBlock(language: "sh", text: "swift build -c release")],
                    [.paragraph([InlineRun("Run "), InlineRun("marginalia --help", code: true), InlineRun(".")])],
                ]),
                .heading(level: 2, [InlineRun("Features")]),
                .list(ordered: false, start: 1, items: [
                    [
                        M.paragraph("Annotations:"),
                        .list(ordered: false, start: 1, items: [
                            [M.paragraph("ink, highlights and notes")],
                            [.paragraph([InlineRun("free text in "), InlineRun("any", italic: true), InlineRun(" font")])],
                        ]),
                    ],
                    [M.paragraph("Forms & signatures")],
                ]),
                .list(ordered: false, start: 1, items: [[M.paragraph("Flattening")]]),
                .quote([
                    .paragraph([InlineRun("Note:", bold: true), InlineRun(" encrypted files need a password. Ask the author.")]),
                ]),
                .image(alt: "Screenshot of the editor", source: "docs/screen.png"),
                .thematicBreak,
                .paragraph([
                    InlineRun("Licensed under the MIT licence © 2024.\nQuestions? "),
                    InlineRun("mailto:team@example.org", link: "mailto:team@example.org"),
                ]),
                .codeBlock(language: nil, text: "indented code\n  keeps its indent"),
            ]
            let blocks = M.blocks(Self.readme)
            #expect(blocks.count == expected.count)
            for (index, (got, want)) in zip(blocks, expected).enumerated() {
                #expect(got == want, "block \(index)")
            }
        }

        @Test func emptyAndBlankInput() {
            #expect(M.blocks("").isEmpty)
            #expect(M.blocks("\n\n   \n\t\n").isEmpty)
        }

        @Test func byteOrderMarkAndTabs() {
            #expect(M.blocks("\u{FEFF}# Title") == [.heading(level: 1, [InlineRun("Title")])])
            #expect(M.blocks("-\tone\n\tcode?") == [.list(ordered: false, start: 1, items: [[M.paragraph("one code?")]])])
            #expect(M.blocks("\tcode") == [.codeBlock(language: nil, text: "code")])
        }

        @Test func nonLatinText() {
            #expect(M.blocks("# Ελληνικά\n\n**Жирный** _текст_ 中文") == [
                .heading(level: 1, [InlineRun("Ελληνικά")]),
                .paragraph([InlineRun("Жирный", bold: true), InlineRun(" "), InlineRun("текст", italic: true), InlineRun(" 中文")]),
            ])
        }
    }
}
