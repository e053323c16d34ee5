import Foundation
import Marginalia

// The form fields of a document, for the browser's Form tool. Filling goes through the
// ordinary operations endpoint (the editor's `fillField` operation), so it is logged, undone
// and broadcast like every other edit.

/// The form fields of a document with the document's revision: each field the JSON of
/// `marginalia fields --json` plus `highlight`, `editable` and each text widget's `fontSize` (docs/api.md).
public struct FieldList: Sendable, Encodable {
    public var revision: Int
    public var fields: [JSONValue]
}

/// What `GET …/fields/sizes` answers: each widget of one field as ``FieldList`` lists it
/// (`pageIndex`, `rect`), with the `fontSize` it would draw a value at (docs/api.md).
public struct FieldSizes: Sendable, Encodable {
    public var revision: Int
    public var name: String
    public var widgets: [JSONValue]
}

extension DocumentEditing {
    /// The form fields in field-tree order, in their current (unsaved edits included) state.
    ///
    /// - Parameter policy: decides each field's `highlight`.
    /// - Throws: ``ServiceError``; a document without a form has no fields.
    public func fields(_ id: String, policy: any FormFieldPolicy = DefaultFormFieldPolicy()) throws -> FieldList {
        try withDocument(id) { state in
            let form = try state.document.acroForm()
            return FieldList(revision: state.revision, fields: state.document.fieldRecords(of: form, highlightedBy: policy))
        }
    }

    /// The size in points each widget of field `name` would draw `value` at
    /// (``PDFDocument/fontSizes(of:in:)``), for a control sized to it while the user types:
    /// the field's current value when `value` is nil.
    ///
    /// - Throws: ``ServiceError``: 404 when the document has no field of that name.
    public func fieldSizes(_ id: String, name: String, value: String?) throws -> FieldSizes {
        try withDocument(id) { state in
            let form = try state.document.acroForm()
            guard var field = form.field(named: name) else {
                throw ServiceError.notFound("field '\(name)': the document has no field of that name")
            }
            if let value { field.value = .text(value) }
            let sizes = state.document.fontSizes(of: field, in: form)
            return FieldSizes(revision: state.revision, name: name, widgets: zip(field.widgets, sizes).map {
                FormField.jsonRecord(of: $0, fontSize: $1)
            })
        }
    }

    /// The fields as the default policy highlights them.
    public func fields(_ id: String) throws -> FieldList {
        try fields(id, policy: DefaultFormFieldPolicy())
    }
}
