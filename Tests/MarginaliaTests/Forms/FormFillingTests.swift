import Foundation
import Testing
@testable import Marginalia
import PDFCore

@Suite("Form filling")
struct FormFillingTests {
    @Test func fillsEveryTypeAndReadsBack() throws {
        let document = try FormTestDocuments.form()
        try document.fillForm([
            ("person.first", .text("Ada")), ("notes", .text("Line one\nline two")), ("code", .text("AB12")),
            ("agree", .bool(true)), ("choice", .text("B")), ("fruit", .text("banana")),
            ("pets", .choices(["cat", "fish"])), ("edit", .text("anything")),
        ])
        let form = try FormTestDocuments.reopened(document).acroForm()
        #expect(form.field(named: "person.first")?.value == .text("Ada"))
        #expect(form.field(named: "notes")?.value == .text("Line one\nline two"))
        #expect(form.field(named: "code")?.value == .text("AB12"))
        #expect(form.field(named: "agree")?.value == .bool(true))
        #expect(form.field(named: "agree")?.widgets.first?.appearanceState == "On")
        #expect(form.field(named: "choice")?.value == .text("B"))
        #expect(form.field(named: "choice")?.widgets.map(\.appearanceState) == ["Off", "B"])
        #expect(form.field(named: "fruit")?.value == .text("b"))  // the export value of "banana"
        #expect(form.field(named: "pets")?.value == .choices(["cat", "fish"]))
        #expect(form.field(named: "edit")?.value == .text("anything"))
    }

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

    @Test(arguments: [
        ("person.last", FormValue.text("x"), FormError.readOnly("person.last")),
        ("lockedfield", .text("x"), .locked("lockedfield")),
        ("nothing", .text("x"), .noSuchField("nothing")),
        ("noType", .text("x"), .brokenField("noType", reason: "it has no field type (/FT)")),
        ("person.first", .bool(true), .wrongType("person.first", expected: "text")),
        ("code", .text("12345"), .tooLong("code", length: 5, maxLength: 4)),
        ("fruit", .text("kiwi"), .optionNotOffered("fruit", value: "kiwi", options: ["apple", "b"])),
        ("fruit", .choices(["apple", "b"]), .wrongType("fruit", expected: "one option (it is not a multi-select list)")),
        ("agree", .text("Maybe"), .noSuchState("agree", value: "Maybe", states: ["On"])),
        ("choice", .bool(false), .cannotClear("choice")),
        ("sig", .text("x"), .notFillable("sig", type: .signature)),
        ("push", .text("x"), .notFillable("push", type: .button)),
    ])
    func badValuesAreRefusedAndNothingChanges(name: String, value: FormValue, expected: FormError) throws {
        let document = try FormTestDocuments.form()
        #expect(throws: expected) {
            try document.fillForm([("person.first", .text("fine")), (name, value)])
        }
        #expect(!document.hasChanges)
    }

    @Test func fillingTouchesOnlyTheFieldsObjects() throws {
        let document = try FormTestDocuments.form()
        let original = try document.dataRepresentation()
        try document.setValue(.bool(true), forField: "agree")
        // The checkbox has its drawings: only its dictionary changes.
        #expect(document.file.changedObjects.keys.sorted() == [15])
        try document.setValue(.text("Ada"), forField: "person.first")
        // The widget (also the field) and its new appearance stream.
        #expect(document.file.changedObjects.keys.filter { $0 < 34 }.sorted() == [11, 15])
        let saved = try document.dataRepresentation()
        #expect(saved.starts(with: original))
    }

    @Test func needAppearancesIsRemovedAfterDrawingEveryField() throws {
        let document = try FormTestDocuments.form(needAppearances: true)
        try document.setValue(.text("Ada"), forField: "person.first")
        let form = try FormTestDocuments.reopened(document).acroForm()
        #expect(!form.needAppearances)
        #expect(try !FormTestDocuments.appearance(document, field: "notes").isEmpty)
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

@Suite("Form flattening")
struct FormFlattenTests {
    @Test func flatteningBurnsWidgetsAndRemovesTheForm() throws {
        let document = try FormTestDocuments.form()
        try document.fillForm([("person.first", .text("Ada")), ("agree", .bool(true))])
        let count = try document.flattenForm()
        #expect(count == 15)
        let reopened = try FormTestDocuments.reopened(document)
        #expect(try reopened.file.catalog()["AcroForm"] == nil)
        #expect(try reopened.annotations(onPage: 0).isEmpty)
        #expect(try reopened.acroForm().fields.isEmpty)
        let page = try reopened.page(at: 0)
        let contents = try reopened.file.resolve(page.dictionary["Contents"] ?? .null).arrayValue ?? []
        #expect(contents.count == 2)
    }

    @Test func otherAnnotationsStayUnlessAskedFor() throws {
        for withAnnotations in [false, true] {
            let document = try FormTestDocuments.form()
            try document.addAnnotation(PDFAnnotation(kind: .square, rect: CGRect(x: 400, y: 100, width: 50, height: 50)), toPage: 0)
            try document.flattenForm(annotations: withAnnotations)
            let left = try FormTestDocuments.reopened(document).annotations(onPage: 0).map(\.subtype)
            #expect(left == (withAnnotations ? [] : ["Square"]))
        }
    }

    @Test func textFieldsWithoutAppearancesAreDrawnBeforeFlattening() throws {
        let document = try FormTestDocuments.form()
        try document.flattenForm()
        let page = try FormTestDocuments.reopened(document).page(at: 0)
        let resources = try document.file.dictionary(page.dictionary["Resources"])
        let xObjects = try document.file.dictionary(resources?["XObject"])
        // Only the checkbox and radios came with appearances; the text and choice fields are
        // drawn first, so they are burned in too.
        #expect((xObjects?.count ?? 0) >= 10)
    }

    @Test func signedFormsAreNotFlattened() throws {
        let document = try FormTestDocuments.form(signed: true)
        #expect(throws: FormError.signedDocument) { try document.flattenForm() }
    }
}
