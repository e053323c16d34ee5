import Foundation
import PDFCore

// The fields as a user interface lists them (the server's `GET …/fields`, docs/api.md): the
// field JSON with what the page's drawing decides added, so the browser reads it instead of
// working it out again (issue 28).

extension PDFDocument {
    /// Each field of `form` (read from this document) as
    /// ``FormField/jsonRecord(highlightedBy:)`` gives it, each widget of a text field also
    /// carrying `fontSize`: the size in points its current value is drawn at there, the
    /// size `/DA` names or, when that is 0, the size the appearance fits to the box (at most
    /// 12 points for a multiline field), as filling the field draws it. A widget that cannot
    /// be read has none.
    public func fieldRecords(of form: AcroForm, highlightedBy policy: any FormFieldPolicy) -> [JSONValue] {
        // Only sizes are asked: the drawer adds no object, as nothing is drawn.
        var drawer = FieldAppearance(file: file, form: form, addObject: { [file] in file.add($0) })
        drawer.embedsFonts = pdfaClaim != nil
        return form.fields.map { field in
            let record = field.jsonRecord(highlightedBy: policy)
            guard field.type == .text, case .object(var object) = record,
                  case .array(let widgets)? = object["widgets"], widgets.count == field.widgets.count else { return record }
            let text = FormFiller.shownText(of: field)
            object["widgets"] = .array(zip(widgets, field.widgets).map { json, widget in
                guard case .object(var items) = json, let reference = widget.reference,
                      let dictionary = try? file.dictionary(.reference(reference)),
                      let size = try? drawer.fontSize(of: text, field: field, widget: dictionary) else { return json }
                items["fontSize"] = .number(size)
                return .object(items)
            })
            return .object(object)
        }
    }
}
