import Foundation
import Marginalia
import Testing

extension GenerationTests {
    /// Paragraphs flowing over pages, justified lines, and the tall single page.
    @Suite("Text flow", .enabled(if: OutsideTools.available, "qpdf, poppler-utils or PyMuPDF is missing"))
    struct TextFlowTests {
        static let letter = CGSize(width: 612, height: 792)

        /// Three long paragraphs, left, justified and centred, in Times and Helvetica.
        static func longParagraphs(_ words: [String]) -> [Paragraph] {
            let third = words.count / 3
            let times = GenerationFixtures.times
            return [
                Paragraph(words[..<third].joined(separator: " "), font: times, size: 11, spacingAfter: 8),
                Paragraph(words[third..<(2 * third)].joined(separator: " "), font: GenerationFixtures.helvetica, size: 10,
                          alignment: .justified, spacingBefore: 4, spacingAfter: 8, firstLineIndent: 18),
                Paragraph(words[(2 * third)...].joined(separator: " "), font: times, size: 12, color: .blue,
                          alignment: .center, lineHeight: .multiple(1.4)),
            ]
        }

        @Test func aLongTextFlowsOntoNewPagesWithoutLosingAWord() throws {
            let words = GenerationFixtures.words(3_000)
            let pdf = try PDFRenderer.document(Self.longParagraphs(words), layout: .paginated(pageSize: Self.letter),
                                               margins: PageMargins(72))
            let pages = Int(try OutsideTools.info(of: pdf)["Pages"] ?? "") ?? 0
            #expect(pages >= 4)
            #expect(try OutsideTools.words(of: pdf) == words)
            let check = try OutsideTools.withFile(pdf) { try OutsideTools.run("qpdf", ["--check", $0]) }
            #expect(check.status == 0)
        }

        @Test func theFlowReportsWhereItEndedAndDrawingContinuesThere() throws {
            var result: TextFlowResult?
            let pdf = try PDFRenderer(origin: .topLeft).data { context in
                try context.beginPage()
                let frame = CGRect(x: 72, y: 72, width: 468, height: 648)
                result = try context.flow(Self.longParagraphs(GenerationFixtures.words(1_500)), in: frame)
                try context.draw("THE END", at: CGPoint(x: 72, y: try #require(result).endY),
                                 font: GenerationFixtures.helvetica, size: 12)
            }
            let flow = try #require(result)
            #expect(flow.firstPageIndex == 0 && flow.lastPageIndex >= 1)
            #expect(flow.endY > 72 && flow.endY < 720)
            #expect(try OutsideTools.info(of: pdf)["Pages"] == "\(flow.lastPageIndex + 1)")
            let lastPage = try OutsideTools.text(of: pdf, page: flow.lastPageIndex)
            #expect(lastPage.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("THE END"))
        }

        @Test func justifiedLinesEndAtTheFrameEdge() throws {
            let frame = CGRect(x: 72, y: 72, width: 468, height: 648)
            let pdf = try PDFRenderer(origin: .topLeft).data { context in
                try context.beginPage()
                let paragraph = Paragraph(GenerationFixtures.words(250).joined(separator: " "),
                                          font: GenerationFixtures.times, size: 11, alignment: .justified)
                try context.flow([paragraph], in: frame)
            }
            let lines = try TextTests.lineExtents(pdf)
            #expect(lines.count > 10)
            for (minX, maxX) in lines.dropLast() {
                #expect(abs(minX - 72) < 0.5, "line starts at \(minX)")
                #expect(abs(maxX - 540) < 0.5, "line ends at \(maxX)")
            }
            let last = try #require(lines.last)
            #expect(last.1 < 530, "the last line is not stretched")
        }

        @Test func indentsAndHardBreaksPlaceLines() throws {
            let frame = CGRect(x: 100, y: 100, width: 300, height: 500)
            let pdf = try PDFRenderer(origin: .topLeft).data { context in
                try context.beginPage()
                let text = GenerationFixtures.words(60).joined(separator: " ") + "\nAfter a hard break"
                try context.flow([Paragraph(text, font: GenerationFixtures.helvetica, size: 10, firstLineIndent: 30,
                                            leftIndent: 20, rightIndent: 40)], in: frame)
            }
            let lines = try TextTests.lineExtents(pdf)
            #expect(abs(lines[0].0 - 150) < 0.5, "first line: frame + left indent + first-line indent")
            for (minX, maxX) in lines.dropFirst() {
                #expect(abs(minX - 120) < 0.5)
                #expect(maxX <= 360.5)
            }
            #expect(TextTests.lines(try OutsideTools.text(of: pdf)).last == "After a hard break")
        }

        @Test func runsMixFontsSizesAndColoursInOneParagraph() throws {
            let bold = StandardFontFace(.helveticaBold)
            let italic = StandardFontFace(.timesItalic)
            let paragraph = Paragraph(runs: [
                TextRun("Bold ", font: bold, size: 14), TextRun("and ital", font: italic, size: 11, color: .red),
                TextRun("ic", font: bold, size: 11), TextRun(" words, plain again.", font: GenerationFixtures.courier, size: 9),
            ])
            let pdf = try PDFRenderer().data { context in
                try context.beginPage()
                try context.flow([paragraph], in: CGRect(x: 72, y: 72, width: 468, height: 648))
            }
            #expect(TextTests.lines(try OutsideTools.text(of: pdf)) == ["Bold and italic words, plain again."])
            let fonts = try OutsideTools.pymupdf(pdf, "print(json.dumps(sorted(f[3] for f in doc[0].get_fonts())))")
            #expect(fonts as? [String] == ["Courier", "Helvetica-Bold", "Times-Italic"])
        }

        @Test func wordsWiderThanTheFrameBreakInside() throws {
            let word = String(repeating: "abcdefghij", count: 20)
            let pdf = try PDFRenderer(origin: .topLeft).data { context in
                try context.beginPage()
                try context.flow([Paragraph("x " + word + " y", font: GenerationFixtures.helvetica, size: 12)],
                                 in: CGRect(x: 72, y: 72, width: 100, height: 600))
            }
            let lines = try TextTests.lineExtents(pdf)
            #expect(lines.count > 10)
            #expect(lines.allSatisfy { $0.1 <= 172.5 }, "no line passes the frame")
            let text = try OutsideTools.text(of: pdf).filter { !$0.isWhitespace }
            #expect(text == "x" + word + "y")
        }

        // MARK: - The tall single page

        @Test func theSinglePageGrowsWithTheText() throws {
            var heights: [Double] = []
            for count in [40, 400, 2_000] {
                let words = GenerationFixtures.words(count)
                let paragraphs = Self.longParagraphs(words)
                let pdf = try PDFRenderer.singlePage(width: 400, margins: PageMargins(24),
                                                     metadata: DocumentMetadata(title: "Tall"), paragraphs: paragraphs)
                let info = try OutsideTools.info(of: pdf)
                #expect(info["Pages"] == "1")
                let size = try #require(info["Page size"]).split(separator: " ")
                #expect(size[0] == "400")
                let height = try #require(Double(size[2]))
                let measured = try TextFlow.height(of: paragraphs, width: 352)
                #expect(abs(height - (measured + 48)) < 0.01, "the page is the text's height plus the margins")
                #expect(try OutsideTools.words(of: pdf) == words)
                heights.append(height)
            }
            #expect(heights[0] < heights[1] && heights[1] < heights[2])
            #expect(heights[2] > 3 * Self.letter.height, "far taller than a paginated page")
        }

        /// Baselines sit in line boxes 1.15 × the size tall, the leading shared above and
        /// below: the first box starts at the top margin, the last ends at the bottom margin.
        @Test func theLinesOfATallPageFillItBetweenTheMargins() throws {
            let times = GenerationFixtures.times
            let paragraphs = [Paragraph(GenerationFixtures.words(300).joined(separator: " "), font: times, size: 12)]
            let pdf = try PDFRenderer.document(paragraphs, layout: .singlePage(width: 300),
                                               margins: PageMargins(top: 10, left: 20, bottom: 30, right: 20))
            let result = try OutsideTools.pymupdf(pdf, """
                origins = [s["origin"][1] for b in doc[0].get_text("dict")["blocks"] for l in b["lines"] for s in l["spans"]]
                print(json.dumps([doc[0].rect.height, min(origins), max(origins)]))
                """)
            let values = try #require(result as? [Double])
            let (ascent, descent) = (times.ascent * 12 / 1000, -times.descent * 12 / 1000)
            let halfLeading = (TextLayout.lineHeight(font: times, size: 12) - ascent - descent) / 2
            #expect(abs(values[1] - (10 + halfLeading + ascent)) < 0.01, "first baseline at \(values[1])")
            #expect(abs(values[2] - (values[0] - 30 - halfLeading - descent)) < 0.01, "last baseline at \(values[2])")
        }
    }
}
