import Foundation
import PDFCore

/// The built-in sample document: a few pages explaining the editor, a small form and some
/// annotations, made with the renderer and the annotation API (so it is source, not an
/// opaque file). The server opens it when its store is empty.
public enum SampleDocument {
    /// The sample's bytes.
    public static func make(date: Date = Date()) throws -> Data {
        let metadata = DocumentMetadata(title: "Welcome to Marginalia", author: "Marginalia",
                                        subject: "What the editor does, with a form and annotations to try",
                                        keywords: "PDF, annotation, pen, form", creator: "Marginalia sample",
                                        producer: "Marginalia", creationDate: date, modificationDate: date)
        let regular = StandardFontFace(.helvetica), bold = StandardFontFace(.helveticaBold)
        func heading(_ text: String) -> Paragraph {
            Paragraph(runs: [TextRun(text, font: bold, size: 20)], spacingAfter: 10)
        }
        func body(_ text: String) -> Paragraph {
            Paragraph(runs: [TextRun(text, font: regular, size: 11.5)], alignment: .justified, lineHeight: .multiple(1.15),
                      spacingAfter: 8)
        }
        func item(_ title: String, _ text: String) -> Paragraph {
            Paragraph(runs: [TextRun("\(title)  ", font: bold, size: 11.5), TextRun(text, font: regular, size: 11.5)],
                      lineHeight: .multiple(1.15), spacingAfter: 5, firstLineIndent: -14, leftIndent: 14)
        }
        let frame = CGRect(x: 72, y: 72, width: 468, height: 648)
        let renderer = PDFRenderer(metadata: metadata, defaultPageSize: CGSize(width: 612, height: 792), origin: .topLeft)
        let rendered = try renderer.data { context in
            try context.beginPage()
            try context.flow([
                heading("Welcome to Marginalia"),
                body("This document opens when the editor has nothing else to show. Draw on it, erase, type, fill the form on page 2 and look at the annotations on page 3: every change is saved into the PDF itself, as standard annotations that Acrobat, Preview, pdf.js and every other viewer show and can edit."),
                item("Pen, marker, highlighter.", "Draw with an Apple Pencil, a finger or a mouse. Pressure changes the width of the pen."),
                item("Erasers.", "The stroke eraser removes whole strokes it touches; the segment eraser cuts strokes exactly where it passes."),
                item("Text, shapes, images, notes.", "Drag a box to type; draw rectangles, ellipses, lines and arrows; place a picture; leave a sticky note."),
                item("Pages.", "Add a blank page after the current one or remove it (the marginalia pages command also moves and rotates them). Undo and redo everything."),
                item("Saving.", "Every save appends to the file, so earlier versions stay inside it; export a flattened copy when the annotations should no longer be edited."),
            ], in: frame)
            try context.beginPage()
            try context.flow([
                heading("A form to fill"),
                body("Tap a field to type into it; tap the box to tick it. The values are saved with appearance streams, so every viewer shows them."),
            ], in: frame)
            try context.draw("Name", at: CGPoint(x: 72, y: 190), font: bold, size: 11.5)
            try context.draw("Subscribe to the newsletter", at: CGPoint(x: 100, y: 236), font: regular, size: 11.5)
            try context.beginPage()
            try context.flow([
                heading("Annotations"),
                body("The marks on this page are annotations made by Marginalia's own annotation engine: a highlight, a pen stroke, a rectangle, a text box and a note. Select them to move, resize, recolour or delete them."),
            ], in: frame)
        }
        let document = try PDFDocument(data: rendered)
        try addForm(to: document)
        try addAnnotations(to: document)
        return try document.dataRepresentation(options: PDFWriteOptions(mode: .compact))
    }

    // MARK: - The form

    /// A text field and a check box, with the AcroForm dictionary and appearances that let
    /// every viewer show them without regenerating anything (12.7).
    private static func addForm(to document: PDFDocument) throws {
        let file = document.file
        let page = try document.page(at: 1)
        func appearance(_ content: String, width: Double, height: Double, resources: PDFDictionary = PDFDictionary()) -> PDFReference {
            var dictionary = PDFDictionary()
            dictionary["Type"] = .name("XObject")
            dictionary["Subtype"] = .name("Form")
            dictionary["BBox"] = [0, 0, .real(width), .real(height)]
            dictionary["Resources"] = .dictionary(resources)
            return file.add(.stream(PDFStream(dictionary: dictionary, rawBytes: Array(content.utf8))))
        }
        /// A white field with a grey frame, as form fields usually look.
        func boxContent(_ w: Double, _ h: Double) -> String {
            var content = ContentStreamBuilder()
            content.fillColor([1])
            content.rectangle(CGRect(x: 0, y: 0, width: w, height: h))
            content.fill()
            content.strokeColor([0.45])
            content.lineWidth(1)
            content.rectangle(CGRect(x: 0.5, y: 0.5, width: w - 1, height: h - 1))
            content.stroke()
            return String(decoding: content.bytes, as: UTF8.self)
        }
        /// The keys every widget of the sample has.
        func widget(type: String, name: String, rect: CGRect, appearance da: String) -> PDFDictionary {
            var d = PDFDictionary()
            d["Type"] = .name("Annot")
            d["Subtype"] = .name(AnnotationSubtype.widget.pdfName)
            d["FT"] = .name(type)
            d["T"] = .text(name)
            d["Rect"] = AnnotationWriter.rectangle(rect)
            d["P"] = .reference(page.reference)
            d["F"] = 4
            d["DA"] = .string(Array(da.utf8))
            d["MK"] = .dictionary(PDFDictionary(["BC": [0.45, 0.45, 0.45], "BG": [1, 1, 1]]))
            return d
        }
        var name = widget(type: "Tx", name: "name", rect: CGRect(x: 120, y: 590, width: 280, height: 22), appearance: "/Helv 11 Tf 0 g")
        name["TU"] = .text("Your name")
        name["V"] = .text("")
        name["AP"] = .dictionary(PDFDictionary(["N": .reference(appearance(boxContent(280, 22), width: 280, height: 22))]))
        let nameField = file.add(.dictionary(name))

        // A black tick: stroke colour (G) and two segments.
        let check = "0 G 2.5 w 1 J 1 j 3.5 7.5 m 6.5 4 l 12.5 12.5 l S"
        var subscribe = widget(type: "Btn", name: "subscribe", rect: CGRect(x: 72, y: 544, width: 16, height: 16),
                               appearance: "/ZaDb 0 Tf 0 g")
        subscribe["V"] = .name("Off")
        subscribe["AS"] = .name("Off")
        subscribe["MK"] = .dictionary(PDFDictionary(["BC": [0.45, 0.45, 0.45], "BG": [1, 1, 1], "CA": .string(Array("4".utf8))]))
        subscribe["AP"] = .dictionary(PDFDictionary(["N": .dictionary(PDFDictionary([
            "Yes": .reference(appearance(boxContent(16, 16) + check, width: 16, height: 16)),
            "Off": .reference(appearance(boxContent(16, 16), width: 16, height: 16)),
        ]))]))
        let subscribeField = file.add(.dictionary(subscribe))
        try document.setAnnotationEntries(try document.annotationEntries(of: page) + [.reference(nameField), .reference(subscribeField)], of: page)

        func font(_ base: String, winAnsi: Bool) -> PDFObject {
            var d = PDFDictionary(["Type": .name("Font"), "Subtype": .name("Type1"), "BaseFont": .name(base)])
            if winAnsi { d["Encoding"] = .name("WinAnsiEncoding") }
            return .dictionary(d)
        }
        var acroForm = PDFDictionary()
        acroForm["Fields"] = [.reference(nameField), .reference(subscribeField)]
        acroForm["DA"] = .string(Array("/Helv 0 Tf 0 g".utf8))
        acroForm["DR"] = .dictionary(PDFDictionary(["Font": .dictionary(PDFDictionary([
            "Helv": font("Helvetica", winAnsi: true), "ZaDb": font("ZapfDingbats", winAnsi: false),
        ]))]))
        guard let rootReference = file.trailer["Root"]?.referenceValue else { return }
        var catalog = try file.catalog()
        catalog["AcroForm"] = .dictionary(acroForm)
        file.update(rootReference, with: .dictionary(catalog))
    }

    // MARK: - The annotations

    private static func addAnnotations(to document: PDFDocument) throws {
        var highlight = PDFAnnotation(kind: .textMarkup(.highlight, quads: [.init(rect: CGRect(x: 70, y: 694, width: 122, height: 24))]),
                                      rect: .zero, color: Color(red: 1, green: 0.9, blue: 0.25))
        highlight.author = "Marginalia"
        var stroke: [CGPoint] = []
        for i in 0...60 {
            let t = Double(i) / 60
            stroke.append(CGPoint(x: 90 + 300 * t, y: 420 + 40 * sin(t * 4 * .pi) * (1 - t * 0.5)))
        }
        var ink = PDFAnnotation(kind: .ink(.init(paths: [stroke])), rect: .zero, color: Color(red: 0.1, green: 0.3, blue: 0.85))
        ink.border.width = 2.5
        ink.author = "Marginalia"
        var square = PDFAnnotation(kind: .square, rect: CGRect(x: 80, y: 250, width: 200, height: 110), color: Color(red: 0.85, green: 0.1, blue: 0.1))
        square.border.width = 2
        square.contents = "A rectangle: drag its corners to resize it."
        var text = PDFAnnotation(kind: .freeText(.init(text: "A text box: tap it to edit the text.", fontSize: 13,
                                                       textColor: Color(red: 0.1, green: 0.1, blue: 0.1))),
                                 rect: CGRect(x: 320, y: 270, width: 220, height: 60), color: Color(red: 1, green: 1, blue: 0.85))
        text.contents = "A text box: tap it to edit the text."
        var note = PDFAnnotation(kind: .note(.init(icon: "Comment")), rect: CGRect(x: 520, y: 690, width: 20, height: 20),
                                 color: Color(red: 1, green: 0.8, blue: 0.2))
        note.contents = "A sticky note. Its icon keeps the same size at every zoom."
        note.author = "Marginalia"
        for annotation in [highlight, ink, square, text, note] { try document.addAnnotation(annotation, toPage: 2) }
    }
}
