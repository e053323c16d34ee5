import Foundation
import Testing
@testable import Marginalia
import PDFCore

@Suite("Field appearances")
struct FieldAppearanceTests {
    @Test func textAppearanceUsesTheDefaultAppearance() throws {
        let document = try FormTestDocuments.form()
        try document.setValue(.text("Ada"), forField: "person.first")
        let content = try FormTestDocuments.appearance(document, field: "person.first")
        #expect(content.contains("/TiRo 10 Tf"))
        #expect(content.contains("0 0 1 rg"))
        #expect(content.contains("(Ada) Tj"))
        #expect(content.contains("/Tx BMC") && content.contains("W n"))
        // /MK: background then border.
        #expect(content.contains("1 1 0.9 rg"))
        #expect(content.contains("0 0 0 RG"))
    }

    @Test func combFieldsPutOneCharacterInEachCell() throws {
        let document = try FormTestDocuments.form()
        try document.setValue(.text("AB12"), forField: "code")
        let content = try FormTestDocuments.appearance(document, field: "code")
        for character in ["A", "B", "1", "2"] { #expect(content.contains("(\(character)) Tj")) }
    }

    @Test func multilineTextWrapsAndAutoSizes() throws {
        let document = try FormTestDocuments.form()
        let long = String(repeating: "words that wrap ", count: 12)
        try document.setValue(.text(long), forField: "notes")
        let content = try FormTestDocuments.appearance(document, field: "notes")
        #expect(content.components(separatedBy: " Tj").count > 3)
        #expect(!content.contains(" 0 Tf"))
    }

    @Test func passwordFieldsShowAsterisks() throws {
        let document = try FormTestDocuments.form()
        var form = try document.acroForm()
        var field = try #require(form.field(named: "person.first"))
        field.flags.insert(.password)
        let drawer = FieldAppearance(file: document.file, form: form, addObject: { document.file.add($0) })
        form.fields = []
        let widget = try #require(try document.file.dictionary(.reference(field.widgets[0].reference!)))
        let stream = try drawer.text("secret", field: field, widget: widget)
        let content = String(decoding: try stream.decodedBytes(), as: UTF8.self)
        #expect(content.contains("(******) Tj"))
    }

    @Test func rotatedWidgetsAreDrawnTurned() throws {
        let document = try FormTestDocuments.form()
        let form = try document.acroForm()
        let field = try #require(form.field(named: "person.first"))
        var widget = PDFDictionary()
        widget["Rect"] = [72, 100, 92, 300]
        widget["MK"] = .dictionary(PDFDictionary(["R": 90]))
        let drawer = FieldAppearance(file: document.file, form: form, addObject: { document.file.add($0) })
        let stream = try drawer.text("Up", field: field, widget: widget)
        // Drawn in a 200 x 20 box, turned a quarter counter-clockwise onto the 20 x 200 widget.
        #expect(stream.dictionary["BBox"] == [.real(0), .real(0), .real(200), .real(20)])
        #expect(stream.dictionary["Matrix"] == [.real(0), .real(1), .real(-1), .real(0), .real(0), .real(0)])
    }

    @Test func checkboxesWithoutDrawingsGetACheckMark() throws {
        let document = try FormTestDocuments.form()
        let form = try document.acroForm()
        var field = try #require(form.field(named: "agree"))
        field.type = .checkbox
        var widget = PDFDictionary()
        widget["Rect"] = [0, 0, 20, 20]
        let drawer = FieldAppearance(file: document.file, form: form, addObject: { document.file.add($0) })
        let on = String(decoding: try drawer.button(on: true, field: field, widget: widget).decodedBytes(), as: UTF8.self)
        let off = String(decoding: try drawer.button(on: false, field: field, widget: widget).decodedBytes(), as: UTF8.self)
        #expect(on.contains("/ZaDb") && on.contains("(4) Tj"))
        #expect(!off.contains("Tj"))
    }

    @Test func textNeedingMoreThanWinAnsiEmbedsAFont() throws {
        let document = try FormTestDocuments.form()
        try document.setValue(.text("Привет"), forField: "person.first")
        let form = try document.acroForm()
        let widget = try #require(form.field(named: "person.first")?.widgets.first?.reference)
        let dictionary = try #require(try document.file.dictionary(.reference(widget)))
        let ap = try #require(try document.file.dictionary(dictionary["AP"]))
        let stream = try #require(try document.file.resolve(ap["N"] ?? .null).streamValue)
        let fonts = try document.file.dictionary(try document.file.dictionary(stream.dictionary["Resources"])?["Font"])
        #expect(fonts?["MEmbedded"] != nil)
    }
}
