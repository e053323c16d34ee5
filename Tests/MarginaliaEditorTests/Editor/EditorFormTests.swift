import Foundation
import Testing
@testable import Marginalia
@testable import MarginaliaEditor
import PDFCore

@Suite("Editor: the Form tool")
struct EditorFormTests {
    /// The sample document: page 2 has a text field "name" at (120...400, 590...612) and a
    /// checkbox "subscribe" at (72...88, 544...560).
    static func editor() throws -> Editor {
        let editor = try Editor(session: EditorSession(document: try PDFDocument(data: try SampleDocument.make())),
                                viewSize: CGSize(width: 800, height: 1000), clock: ManualClock())
        editor.select(.form)
        return editor
    }

    static func value(_ editor: Editor, _ name: String) throws -> FormValue? {
        try editor.session.document.acroForm().field(named: name)?.value
    }

    @Test func aTapTogglesTheCheckboxAsOneUndoStep() throws {
        let editor = try Self.editor()
        var pen = ScriptedPointer(editor: editor)
        try pen.tap(editor.view(80, 552, page: 1))
        #expect(EditorFormTestsSupport.isOn(try Self.value(editor, "subscribe")))
        try pen.tap(editor.view(80, 552, page: 1))
        #expect(!EditorFormTestsSupport.isOn(try Self.value(editor, "subscribe")))
        try editor.undo()
        #expect(EditorFormTestsSupport.isOn(try Self.value(editor, "subscribe")))
        try editor.undo()
        #expect(!EditorFormTestsSupport.isOn(try Self.value(editor, "subscribe")))
    }

    @Test func aTextFieldAsksForItsValueAndTheFillIsUndoable() throws {
        let editor = try Self.editor()
        var pen = ScriptedPointer(editor: editor)
        try pen.tap(editor.view(200, 600, page: 1))
        let pending = try #require(editor.pendingField)
        #expect(pending.field.name == "name" && pending.widget.pageIndex == 1)
        let applied = try #require(try editor.commitField(.text("Ada Lovelace")))
        #expect(try Self.value(editor, "name") == .text("Ada Lovelace"))
        // The operation travels as JSON like every other one.
        let json = String(decoding: try JSONEncoder().encode(applied), as: UTF8.self)
        #expect(json.contains("\"fillField\"") && json.contains("\"after\":\"Ada Lovelace\""))
        try editor.undo()
        #expect(try Self.value(editor, "name") == .text("") || (try Self.value(editor, "name")) == nil)
        try editor.redo()
        #expect(try Self.value(editor, "name") == .text("Ada Lovelace"))
        // The same value again, or a cancelled edit, changes nothing.
        try pen.tap(editor.view(200, 600, page: 1))
        #expect(try editor.commitField(.text("Ada Lovelace")) == nil)
        try pen.tap(editor.view(200, 600, page: 1))
        editor.cancelField()
        #expect(editor.pendingField == nil)
    }

    @Test func readOnlyFieldsAreRefusedAndNotHighlighted() throws {
        let editor = try Self.editor()
        #expect(try editor.fieldsToHighlight(onPage: 1).map(\.name).sorted() == ["name", "subscribe"])
        // Make "subscribe" read-only (/Ff bit 1) in the document.
        let document = editor.session.document
        let field = try #require(try document.acroForm().field(named: "subscribe"))
        let reference = try #require(field.reference)
        var dictionary = try #require(try document.file.dictionary(.reference(reference)))
        dictionary["Ff"] = .integer(1)
        document.file.update(reference, with: .dictionary(dictionary))

        var pen = ScriptedPointer(editor: editor)
        try pen.tap(editor.view(80, 552, page: 1))
        #expect(editor.formRefusal == .readOnly("subscribe"))
        #expect(!editor.session.history.canUndo)
        #expect(try editor.fieldsToHighlight(onPage: 1).map(\.name) == ["name"])
        #expect(throws: FormError.self) {
            try EditorOperation.fillField(name: "subscribe", before: .bool(false), after: .bool(true)).apply(to: document)
        }
    }

    @Test func aValueThatDoesNotFitIsATypedErrorAndChangesNothing() throws {
        let editor = try Self.editor()
        #expect(throws: FormError.self) {
            try editor.perform(.fillField(name: "nobody", before: .text(""), after: .text("x")))
        }
        #expect(throws: FormError.self) {
            try editor.perform(.fillField(name: "subscribe", before: .bool(false), after: .text("Maybe")))
        }
        #expect(!editor.session.history.canUndo)
    }
}

enum EditorFormTestsSupport {
    /// A checkbox's value as the form reader gives it: `true` when checked.
    static func isOn(_ value: FormValue?) -> Bool {
        value == .bool(true)
    }
}
