import Foundation
import Marginalia
import Testing

/// What Marginalia writes, it reads back exactly: the words of generated documents.
@Suite("Text round trip of generated documents")
struct TextRoundTripTests {
    static func words(_ text: String) -> [String] { text.split(whereSeparator: \.isWhitespace).map(String.init) }

    @Test func theSamplesTextComesBackWordForWord() throws {
        let document = try PDFDocument(data: try SampleDocument.make())
        let first = try document.text(ofPage: 0)
        let expected = """
            Welcome to Marginalia
            This document opens when the editor has nothing else to show. Draw on it, erase, type, fill the form on page 2 and look at the annotations on page 3: every change is saved into the PDF itself, as standard annotations that Acrobat, Preview, pdf.js and every other viewer show and can edit.
            Pen, marker, highlighter. Draw with an Apple Pencil, a finger or a mouse. Pressure changes the width of the pen.
            Erasers. The stroke eraser removes whole strokes it touches; the segment eraser cuts strokes exactly where it passes.
            Text, shapes, images, notes. Drag a box to type; draw rectangles, ellipses, lines and arrows; place a picture; leave a sticky note.
            Pages. Add a blank page after the current one or remove it (the marginalia pages command also moves and rotates them). Undo and redo everything.
            Saving. Every save appends to the file, so earlier versions stay inside it; export a flattened copy when the annotations should no longer be edited.
            """
        #expect(first.words.map(\.text) == Self.words(expected))
        #expect(first.unmappedGlyphCount == 0)
        let third = try document.text(ofPage: 2)
        #expect(third.string.hasPrefix("Annotations\n\nThe marks on this page are annotations made by Marginalia's own annotation engine"))
        // The free text annotation's appearance is text on the page as shown.
        #expect(third.string.hasSuffix("A text box: tap it to edit the text."))
    }

    @Test func textInThreeScriptsWithAnEmbeddedFontComesBackExactly() throws {
        let font = try TrueTypeFont(path: TextFontProgramTests.dejaVu)
        let lines = ["Ωμέγα καὶ ἄλφα, déjà vu", "Привет, мир: съешь же ещё", "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich"]
        let data = try PDFRenderer(origin: .topLeft).data { context in
            try context.beginPage()
            try context.flow(lines.map { Paragraph($0, font: font, size: 12) }, in: CGRect(x: 72, y: 72, width: 300, height: 648))
        }
        let text = try PDFDocument(data: data).text(ofPage: 0)
        #expect(text.words.map(\.text) == Self.words(lines.joined(separator: " ")))
        #expect(text.unmappedGlyphCount == 0)
    }
}
