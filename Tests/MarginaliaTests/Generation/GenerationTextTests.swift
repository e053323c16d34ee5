import Foundation
import Marginalia
import Testing

extension GenerationTests {
    /// Single lines and text boxes, read back by pdftotext and PyMuPDF.
    @Suite("Text", .enabled(if: OutsideTools.available, "qpdf, poppler-utils or PyMuPDF is missing"))
    struct TextTests {
        /// The non-empty lines of extracted text, trimmed.
        static func lines(_ text: String) -> [String] {
            text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && $0 != "\u{0C}" }
        }

        static let samples = ["Café déjà vu", "naïve façade – “quoted” €5", "Ærøskøbing, Øresund, Straße"]

        @Test(arguments: [StandardFont.helvetica, .timesBoldItalic, .courier], [PDFRenderer.Origin.topLeft, .bottomLeft])
        func pdftotextExtractsExactlyWhatWasDrawn(font: StandardFont, origin: PDFRenderer.Origin) throws {
            let face = StandardFontFace(font)
            let renderer = PDFRenderer(origin: origin)
            let pdf = try renderer.data { context in
                try context.beginPage()
                for (index, sample) in Self.samples.enumerated() {
                    let y = origin == .topLeft ? 72.0 + 30 * Double(index) : 720 - 30 * Double(index)
                    try context.draw(sample, at: CGPoint(x: 72, y: y), font: face, size: 14)
                }
            }
            #expect(Self.lines(try OutsideTools.text(of: pdf)) == Self.samples)
            #expect(renderer.warnings.isEmpty)
        }

        @Test func newlinesInASingleLineDrawStartLinesBelow() throws {
            let helvetica = GenerationFixtures.helvetica
            var box = CGRect.zero
            let pdf = try PDFRenderer(origin: .topLeft).data { context in
                try context.beginPage()
                box = try context.draw("First line\nSecond, longer line", at: CGPoint(x: 72, y: 72), font: helvetica, size: 12)
            }
            #expect(Self.lines(try OutsideTools.text(of: pdf)) == ["First line", "Second, longer line"])
            #expect(abs(Double(box.width) - helvetica.width(of: "Second, longer line", size: 12)) < 1e-9)
            let lineHeight = TextLayout.lineHeight(font: helvetica, size: 12)
            #expect(abs(Double(box.height) - (lineHeight + (helvetica.ascent - helvetica.descent) * 12 / 1000)) < 1e-9)
        }

        @Test func missingGlyphsAreReplacedAndReported() throws {
            let renderer = PDFRenderer()
            let pdf = try renderer.data { context in
                try context.beginPage()
                try context.draw("Ω = 1", at: CGPoint(x: 72, y: 700), font: GenerationFixtures.helvetica, size: 12)
            }
            #expect(renderer.warnings == ["Helvetica has no glyph for “Ω” (U+03A9)"])
            // PyMuPDF, since pdftotext's spacing heuristics drop the spaces of this short line.
            #expect(try OutsideTools.pymupdf(pdf, "print(json.dumps(doc[0].get_text()))") as? String == "? = 1\n")
        }

        @Test(arguments: [PDFRenderer.Origin.topLeft, .bottomLeft])
        func aFullBoxReturnsTheRestToDrawElsewhere(origin: PDFRenderer.Origin) throws {
            let words = GenerationFixtures.words(300)
            let text = words[..<150].joined(separator: " ") + "\n" + words[150...].joined(separator: " ")
            // The same places on the page in both origins, so pdftotext reads the boxes in order.
            let first = CGRect(x: 72, y: origin == .topLeft ? 100 : 542, width: 200, height: 150)
            let second = CGRect(x: 300, y: origin == .topLeft ? 50 : 42, width: 250, height: 700)
            var results: [TextBoxResult] = []
            let pdf = try PDFRenderer(origin: origin).data { context in
                try context.beginPage()
                let times = GenerationFixtures.times
                let head = try context.draw(text, in: first, font: times, size: 10)
                let tail = try context.draw(head.remainder, in: second, font: times, size: 10)
                results = [head, tail]
            }
            let (head, tail) = (results[0], results[1])
            #expect(!head.isComplete && tail.isComplete && tail.remainder.isEmpty)
            #expect(head.remainder.contains("\n"), "the paragraph break survives in the remainder")
            #expect(head.usedRect.height > 140 && head.usedRect.height <= 150)
            #expect(origin == .topLeft ? head.usedRect.minY == first.minY : head.usedRect.maxY == first.maxY)
            #expect(head.usedRect.width == first.width)
            #expect(try OutsideTools.words(of: pdf) == words, "every word once, in order")
        }

        @Test(arguments: [Paragraph.Alignment.right, .center])
        func boxAlignmentPutsLinesAgainstTheEdgeOrCentre(alignment: Paragraph.Alignment) throws {
            let rect = CGRect(x: 100, y: 100, width: 300, height: 400)
            let pdf = try PDFRenderer(origin: .topLeft).data { context in
                try context.beginPage()
                try context.draw(GenerationFixtures.words(80).joined(separator: " "), in: rect,
                                 font: GenerationFixtures.helvetica, size: 11, alignment: alignment)
            }
            let lines = try Self.lineExtents(pdf)
            #expect(lines.count > 4)
            for (minX, maxX) in lines {
                if alignment == .right {
                    #expect(abs(maxX - 400) < 0.5, "line ends at \(maxX)")
                } else {
                    #expect(abs((minX + maxX) / 2 - 250) < 0.5, "line centred at \((minX + maxX) / 2)")
                }
            }
        }

        /// The left and right ends of each text line on page 1, from PyMuPDF's word boxes,
        /// top to bottom.
        static func lineExtents(_ pdf: Data) throws -> [(Double, Double)] {
            let result = try OutsideTools.pymupdf(pdf, """
                lines = {}
                for w in doc[0].get_text("words"):
                    key = round((w[1] + w[3]) / 2)
                    lo, hi = lines.get(key, (w[0], w[2]))
                    lines[key] = (min(lo, w[0]), max(hi, w[2]))
                print(json.dumps([lines[k] for k in sorted(lines)]))
                """)
            let pairs = try #require(result as? [[Double]])
            return pairs.map { ($0[0], $0[1]) }
        }
    }
}
