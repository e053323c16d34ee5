import Foundation
import Testing
import PDFCore
@testable import Marginalia

@Suite("Redaction: applying marks")
struct RedactionTests {
    /// Two pages drawing one form XObject whose text holds "Wolfram"; page 1's own text holds
    /// "Zanzibar" shown with kerning, an image and a square.
    static func document() throws -> PDFDocument {
        let form = "BT /F1 12 Tf 72 740 Td (Header Wolfram here) Tj ET"
        let page1TJ = "BT /F1 12 Tf 72 700 Td [(The )-20(agent Zan)15(zibar left)] TJ ET q 40 0 0 30 300 500 cm /Im0 Do Q 400 500 30 20 re f"
        let page2 = "/Fx Do BT /F1 12 Tf 72 700 Td (Second page text) Tj ET"
        return try TestDocuments.assemble([
            1: "<</Type/Catalog/Pages 2 0 R>>",
            2: "<</Type/Pages/Kids[3 0 R 4 0 R]/Count 2/MediaBox[0 0 612 792]/Resources 5 0 R>>",
            3: "<</Type/Page/Parent 2 0 R/Contents 6 0 R>>",
            4: "<</Type/Page/Parent 2 0 R/Contents 7 0 R>>",
            5: "<</Font<</F1<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>>>/XObject<</Fx 8 0 R/Im0 9 0 R>>>>",
            6: "<</Length \(("/Fx Do " + page1TJ).utf8.count)>>stream\n/Fx Do \(page1TJ)\nendstream",
            7: "<</Length \(page2.utf8.count)>>stream\n\(page2)\nendstream",
            8: "<</Type/XObject/Subtype/Form/BBox[0 0 612 792]/Length \(form.utf8.count)>>stream\n\(form)\nendstream",
            9: "<</Type/XObject/Subtype/Image/Width 2/Height 2/ColorSpace/DeviceGray/BitsPerComponent 8/Length 4>>stream\n\u{1}\u{2}\u{3}\u{4}\nendstream",
        ])
    }

    private func mark(_ document: PDFDocument, _ word: String, page: Int) throws {
        let text = try document.text(ofPage: page)
        let match = try #require(text.findString(word).first)
        let quads = match.quads(onPage: page).map { PDFAnnotation.Quad(points: [$0.topLeft, $0.topRight, $0.bottomLeft, $0.bottomRight]) }
        try document.addAnnotation(PDFAnnotation(kind: .redact(.init(quads: quads)), rect: match.bounds(forPage: page)), toPage: page)
    }

    private func words(_ document: PDFDocument, page: Int) throws -> [String: CGRect] {
        Dictionary(try document.text(ofPage: page).words.map { ($0.text, $0.quad.bounds) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func markedWordsLeaveAndTheOthersStayWhereTheyWere() throws {
        let document = try Self.document()
        let before = try words(document, page: 0)
        try mark(document, "Zanzibar", page: 0)
        let report = try document.applyRedactions()
        let saved = try TestDocuments.reopen(document, options: PDFWriteOptions(mode: .compact))
        let after = try words(saved, page: 0)
        #expect(report.pages.first?.glyphs == 8)
        #expect(after["Zanzibar"] == nil && !after.keys.contains { $0.contains("Zan") || $0.contains("zibar") })
        for (word, box) in before where word != "Zanzibar" {
            let moved = try #require(after[word], "\(word) is gone")
            #expect(abs(moved.minX - box.minX) < 0.01 && abs(moved.maxX - box.maxX) < 0.01 && abs(moved.minY - box.minY) < 0.01, "\(word)")
        }
        #expect(try saved.annotations(onPage: 0).isEmpty, "the mark is removed once applied")
        let content = String(decoding: try saved.contentData(of: try saved.page(at: 0)), as: UTF8.self)
        #expect(!content.contains("Zan") && !content.contains("zibar"))
    }

    @Test func aFormDrawnOnTwoPagesIsCutOnlyWhereTheMarkIs() throws {
        let document = try Self.document()
        try mark(document, "Wolfram", page: 0)
        try document.applyRedactions()
        let saved = try TestDocuments.reopen(document, options: PDFWriteOptions(mode: .compact))
        #expect(try words(saved, page: 0)["Wolfram"] == nil)
        #expect(try words(saved, page: 0)["Header"] != nil)
        #expect(try words(saved, page: 1)["Wolfram"] != nil, "page 2 draws the original form")
    }

    @Test func imagesAndPathsWhollyInsideAMarkAreRemoved() throws {
        let document = try Self.document()
        let area = PDFAnnotation(kind: .redact(.init()), rect: CGRect(x: 290, y: 490, width: 150, height: 50))
        try document.addAnnotation(area, toPage: 0)
        let report = try document.applyRedactions()
        #expect(report.pages.first?.images == 1)
        #expect(report.pages.first?.paths == 1)
        let saved = try TestDocuments.reopen(document, options: PDFWriteOptions(mode: .compact))
        let content = String(decoding: try saved.contentData(of: try saved.page(at: 0)), as: UTF8.self)
        #expect(!content.contains("/Im0 Do") && !content.contains("400 500 30 20 re"), "\(content)")
        #expect(content.contains("Do Q"), "the overlay is drawn")
    }

    @Test func theCoveredPixelsOfAnImageArePaintedAndTheRestKept() throws {
        let document = try Self.document()
        // The 2 x 2 image fills (300, 500)-(340, 530): the mark covers its right column.
        var area = PDFAnnotation(kind: .redact(.init()), rect: CGRect(x: 322, y: 490, width: 30, height: 50))
        area.interiorColor = Color(red: 1, green: 1, blue: 1)
        try document.addAnnotation(area, toPage: 0)
        let report = try document.applyRedactions()
        #expect(report.pages.first?.imagesPainted == 1)
        let saved = try TestDocuments.reopen(document, options: PDFWriteOptions(mode: .compact))
        let page = try saved.page(at: 0)
        let xObjects = try #require(try saved.file.dictionary(try saved.file.dictionary(page.effectiveAttributes["Resources"])?["XObject"]))
        let painted = try #require(xObjects["Im0Redacted"])
        #expect(try saved.file.decodedData(of: painted) == [1, 255, 3, 255])
        #expect(try saved.file.decodedData(of: try #require(xObjects["Im0"])) == [1, 2, 3, 4], "the original stays for other uses")
        let content = String(decoding: try saved.contentData(of: page), as: UTF8.self)
        #expect(content.contains("/Im0Redacted Do") && !content.contains("/Im0 Do"))
    }

    @Test func annotationsUnderAMarkGoWithIt() throws {
        let document = try Self.document()
        let note = try document.addAnnotation(PDFAnnotation(kind: .note(.init()), rect: CGRect(x: 150, y: 700, width: 20, height: 20)), toPage: 0)
        let far = try document.addAnnotation(PDFAnnotation(kind: .square, rect: CGRect(x: 500, y: 100, width: 20, height: 20)), toPage: 0)
        try mark(document, "Zanzibar", page: 0)
        let report = try document.applyRedactions()
        #expect(report.pages.first?.annotations == 1)
        let left = try document.annotations(onPage: 0).map(\.id)
        #expect(left == [far.id])
        #expect(!left.contains(note.id))
    }

    @Test func repliesToARemovedNoteGoWithItWhereverTheyAre() throws {
        let document = try Self.document()
        let note = try document.addAnnotation(PDFAnnotation(kind: .note(.init()), rect: CGRect(x: 150, y: 700, width: 20, height: 20)), toPage: 0)
        var reply = PDFAnnotation(kind: .note(.init()), rect: CGRect(x: 500, y: 300, width: 20, height: 20))
        reply.inReplyTo = note.id
        reply.contents = "it says Zanzibar"
        let replied = try document.addAnnotation(reply, toPage: 0)
        var answer = PDFAnnotation(kind: .note(.init()), rect: CGRect(x: 540, y: 300, width: 20, height: 20))
        answer.inReplyTo = replied.id
        let answered = try document.addAnnotation(answer, toPage: 0)
        let far = try document.addAnnotation(PDFAnnotation(kind: .square, rect: CGRect(x: 500, y: 100, width: 20, height: 20)), toPage: 0)
        try mark(document, "Zanzibar", page: 0)
        let report = try document.applyRedactions()
        #expect(report.pages.first?.annotations == 3)
        let left = try document.annotations(onPage: 0).map(\.id)
        #expect(left == [far.id])
        #expect(!left.contains(answered.id))
    }

    @Test func aFieldWhoseWidgetIsUnderAMarkLeavesTheFormWithItsValue() throws {
        let document = try TestDocuments.assemble([
            1: "<</Type/Catalog/Pages 2 0 R/AcroForm<</Fields[4 0 R 5 0 R]>>>>",
            2: "<</Type/Pages/Kids[3 0 R]/Count 1/MediaBox[0 0 612 792]>>",
            3: "<</Type/Page/Parent 2 0 R/Annots[4 0 R 5 0 R]>>",
            4: "<</Type/Annot/Subtype/Widget/FT/Tx/T(ssn)/V(123-45-6789)/Rect[100 700 200 720]/P 3 0 R>>",
            5: "<</Type/Annot/Subtype/Widget/FT/Tx/T(name)/V(Ada)/Rect[100 600 200 620]/P 3 0 R>>",
        ])
        try document.addAnnotation(PDFAnnotation(kind: .redact(.init()), rect: CGRect(x: 90, y: 690, width: 150, height: 40)), toPage: 0)
        let report = try document.applyRedactions()
        #expect(report.pages.first?.annotations == 1)
        let saved = try TestDocuments.reopen(document, options: PDFWriteOptions(mode: .compact))
        let fields = try saved.file.resolve(try saved.file.dictionary(try saved.file.catalog()["AcroForm"])?["Fields"] ?? .null).arrayValue ?? []
        let names = try fields.map { try saved.file.dictionary($0)?["T"]?.stringBytes.map(PDFTextString.decode) }
        #expect(names == ["name"])
        let bytes = String(decoding: try saved.dataRepresentation(options: PDFWriteOptions(mode: .compact)), as: UTF8.self)
        #expect(!bytes.contains("123-45-6789"))
    }

    @Test func metadataIsScrubbedWhenAsked() throws {
        let document = try Self.document()
        try document.setMetadata(DocumentMetadata(title: "Secret title"))
        try mark(document, "Zanzibar", page: 0)
        try document.applyRedactions(options: RedactionOptions(scrubsMetadata: true))
        let saved = try TestDocuments.reopen(document, options: PDFWriteOptions(mode: .compact))
        #expect(saved.file.trailer["Info"] == nil)
        #expect(try saved.file.catalog()["Metadata"] == nil)
    }

    @Test func aMarkRoundTripsWithItsOverlay() throws {
        let document = try Self.document()
        var mark = PDFAnnotation(kind: .redact(.init(overlayText: "REDACTED")), rect: CGRect(x: 10, y: 10, width: 100, height: 20))
        mark.interiorColor = Color(red: 0, green: 0, blue: 0)
        try document.addAnnotation(mark, toPage: 0)
        let saved = try TestDocuments.reopen(document)
        let back = try #require(try saved.annotations(onPage: 0).first)
        #expect(back.subtype == "Redact")
        #expect(back.kind == .redact(.init(overlayText: "REDACTED")))
        #expect(back.interiorColor?.hex == mark.interiorColor?.hex)
        #expect(back.dictionary["OverlayText"]?.stringBytes.map(PDFTextString.decode) == "REDACTED")
    }
}
