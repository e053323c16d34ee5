import Foundation
import Testing
@testable import Marginalia

@Suite("Form reading")
struct FormReaderTests {
    @Test func readsEveryFieldTypeWithQualifiedNames() throws {
        let form = try FormTestDocuments.form().acroForm()
        let types = Dictionary(uniqueKeysWithValues: form.fields.map { ($0.name, $0.type) })
        #expect(types == [
            "person.first": .text, "person.last": .text, "notes": .text, "code": .text, "agree": .checkbox,
            "choice": .radio, "fruit": .combo, "pets": .list, "edit": .combo, "sig": .signature,
            "push": .button, "lockedfield": .text, "orphan": .text,
        ])
    }

    @Test func inheritsTypeFlagsAndAppearanceFromParents() throws {
        let form = try FormTestDocuments.form().acroForm()
        let first = try #require(form.field(named: "person.first"))
        #expect(first.defaultAppearance == "/TiRo 10 Tf 0 0 1 rg")
        #expect(!first.isReadOnly)
        let last = try #require(form.field(named: "person.last"))
        #expect(last.isReadOnly)
        #expect(last.value == .text("Fixed"))
        // /DA falls back to the form's.
        #expect(form.field(named: "notes")?.defaultAppearance == "/Helv 0 Tf 0 g")
        #expect(form.field(named: "notes")?.alignment == .center)
        #expect(form.field(named: "notes")?.flags.contains(.multiline) == true)
        #expect(form.field(named: "code")?.maxLength == 4)
    }

    @Test func readsButtonStatesAndChoiceOptions() throws {
        let form = try FormTestDocuments.form().acroForm()
        #expect(form.field(named: "agree")?.onState == "On")
        #expect(form.field(named: "agree")?.value == .bool(false))
        let radio = try #require(form.field(named: "choice"))
        #expect(radio.states == ["A", "B"])
        #expect(radio.value == .text("A"))
        #expect(radio.widgets.count == 2)
        #expect(radio.flags.contains(.noToggleToOff))
        let fruit = try #require(form.field(named: "fruit"))
        #expect(fruit.options.map(\.exportValue) == ["apple", "b"])
        #expect(fruit.options.map(\.displayText) == ["apple", "banana"])
        #expect(form.field(named: "pets")?.flags.contains(.multiSelect) == true)
        #expect(form.field(named: "edit")?.flags.contains(.edit) == true)
    }

    @Test func widgetsKnowTheirPageAndRect() throws {
        let field = try #require(try FormTestDocuments.form().acroForm().field(named: "person.first"))
        #expect(field.pageIndex == 0)
        #expect(field.widgets.first?.rect == CGRect(x: 72, y: 700, width: 200, height: 20))
    }

    @Test func reportsBrokenFieldsByNameAndReadsTheRest() throws {
        let form = try FormTestDocuments.form().acroForm()
        let problems = form.problems.joined(separator: "\n")
        #expect(problems.contains("field 'noType': it has no field type (/FT)"))
        #expect(problems.contains("field 'loop'") && problems.contains("cycle"))
        #expect(problems.contains("field 'orphan': its /Parent (object 99)"))
        #expect(form.field(named: "noType") == nil)
        #expect(form.fields.count == 13)
    }

    @Test func lockedAndReadOnlyFieldsAreNotHighlighted() throws {
        let document = try FormTestDocuments.form()
        let form = try document.acroForm()
        #expect(form.field(named: "lockedfield")?.isLocked == true)
        let highlighted = Set(try document.highlightedFields().map(\.name))
        #expect(!highlighted.contains("lockedfield"))
        #expect(!highlighted.contains("person.last"))
        #expect(!highlighted.contains("push") && !highlighted.contains("sig"))
        #expect(highlighted.contains("person.first") && highlighted.contains("agree"))
        struct Everything: FormFieldPolicy { func shouldHighlight(_ field: FormField) -> Bool { true } }
        #expect(try document.highlightedFields(policy: Everything()).count == form.fields.count)
    }

    @Test func documentsWithoutFormsHaveNoFields() throws {
        let form = try TestDocuments.pages(2).acroForm()
        #expect(form.fields.isEmpty && form.problems.isEmpty)
    }

    @Test func detectsSignatures() throws {
        #expect(try FormTestDocuments.form(signed: true).acroForm().isSigned)
        #expect(try !FormTestDocuments.form().acroForm().isSigned)
    }
}
