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
}
