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

    /// The fields as the default policy highlights them.
    public func fields(_ id: String) throws -> FieldList {
        try fields(id, policy: DefaultFormFieldPolicy())
    }
}
