import Testing
@testable import Marginalia

extension MarkdownTests {
    @Suite("Lists")
    struct Lists {
        typealias M = MarkdownTests

        static func bullets(_ items: String...) -> MarkdownBlock {
            .list(ordered: false, start: 1, items: items.map { [M.paragraph($0)] })
        }

        @Test(arguments: ["-", "*", "+"])
        func bulletMarkers(marker: String) {
            #expect(M.blocks("\(marker) one\n\(marker) two") == [Self.bullets("one", "two")])
        }

        @Test func orderedListsKeepTheirStart() {
            #expect(M.blocks("1. one\n2. two\n3. three") == [
                .list(ordered: true, start: 1, items: [[M.paragraph("one")], [M.paragraph("two")], [M.paragraph("three")]]),
            ])
            #expect(M.blocks("7) seven\n8) eight") == [
                .list(ordered: true, start: 7, items: [[M.paragraph("seven")], [M.paragraph("eight")]]),
            ])
            #expect(M.blocks("007. bond") == [.list(ordered: true, start: 7, items: [[M.paragraph("bond")]])])
        }

        @Test func changingTheMarkerStartsANewList() {
            #expect(M.blocks("- a\n+ b\n1. c\n1) d") == [
                Self.bullets("a"),
                Self.bullets("b"),
                .list(ordered: true, start: 1, items: [[M.paragraph("c")]]),
                .list(ordered: true, start: 1, items: [[M.paragraph("d")]]),
            ])
        }

        @Test func nestingByIndentation() {
            let markdown = """
                - fruit
                  - apple
                    - green
                  - pear
                - vegetables
                """
            #expect(M.blocks(markdown) == [
                .list(ordered: false, start: 1, items: [
                    [
                        M.paragraph("fruit"),
                        .list(ordered: false, start: 1, items: [
                            [M.paragraph("apple"), Self.bullets("green")],
                            [M.paragraph("pear")],
                        ]),
                    ],
                    [M.paragraph("vegetables")],
                ]),
            ])
        }

        @Test func twoSpacesNestUnderANumberedItem() {
            #expect(M.blocks("1. first\n  - sub\n2. second") == [
                .list(ordered: true, start: 1, items: [
                    [M.paragraph("first"), Self.bullets("sub")],
                    [M.paragraph("second")],
                ]),
            ])
        }

        @Test func oneSpaceDoesNotNest() {
            #expect(M.blocks("- a\n - b") == [Self.bullets("a", "b")])
        }

        @Test func lazyAndIndentedContinuationLines() {
            #expect(M.blocks("- one\ncontinued\n  and more\n- two") == [Self.bullets("one continued and more", "two")])
        }

        @Test func itemsWithSeveralBlocks() {
            let markdown = "1. para\n\n   second para\n\n   ```\n   code\n   ```\n2. next\n\n       indented code"
            #expect(M.blocks(markdown) == [
                .list(ordered: true, start: 1, items: [
                    [M.paragraph("para"), M.paragraph("second para"), .codeBlock(language: nil, text: "code")],
                    [M.paragraph("next"), .codeBlock(language: nil, text: "indented code")],
                ]),
            ])
        }

        @Test func blankLineThenUnindentedTextEndsTheList() {
            #expect(M.blocks("- a\n\n- b\n\nafter") == [Self.bullets("a", "b"), M.paragraph("after")])
        }

        @Test func emptyItems() {
            #expect(M.blocks("-\n- b\n-") == [.list(ordered: false, start: 1, items: [[], [M.paragraph("b")], []])])
            // An item that starts blank ends at the next blank line.
            #expect(M.blocks("-\n\n  text") == [.list(ordered: false, start: 1, items: [[]]), M.paragraph("text")])
        }

        @Test func whatIsNotAList() {
            #expect(M.blocks("-no space") == [M.paragraph("-no space")])
            #expect(M.blocks("1234567890. too long") == [M.paragraph("1234567890. too long")])
            // A list interrupting a paragraph must start at 1 and not be empty.
            #expect(M.blocks("The year\n2024. was long") == [M.paragraph("The year 2024. was long")])
            #expect(M.blocks("text\n-\nmore") == [.heading(level: 2, [InlineRun("text")]), M.paragraph("more")])
            #expect(M.blocks("text\n1. one") == [M.paragraph("text"), .list(ordered: true, start: 1, items: [[M.paragraph("one")]])])
        }

        @Test func listItemStartingWithOtherBlocks() {
            // `- ---` would be a rule itself: only dashes and spaces.
            #expect(M.blocks("- # Head\n- > quoted\n- ***") == [
                .list(ordered: false, start: 1, items: [
                    [.heading(level: 1, [InlineRun("Head")])],
                    [.quote([M.paragraph("quoted")])],
                    [.thematicBreak],
                ]),
            ])
        }

        @Test func starRuleIsNotAnItem() {
            #expect(M.blocks("- a\n* * *\n- b") == [Self.bullets("a"), .thematicBreak, Self.bullets("b")])
        }
    }
}
