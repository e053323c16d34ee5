import Foundation
import PDFCore

// The fields as a user interface lists them (the server's `GET …/fields`, docs/api.md): the
// field JSON with what the page's drawing decides added, so the browser reads it instead of
// working it out again (issue 28).

extension PDFDocument {
    /// Each field of `form` (read from this document) as
    /// ``FormField/jsonRecord(highlightedBy:)`` gives it, each widget of a text field, combo
    /// box or list box also carrying `fontSize`, as ``fontSizes(of:in:)`` answers it.
    public func fieldRecords(of form: AcroForm, highlightedBy policy: any FormFieldPolicy) -> [JSONValue] {
        let drawer = sizeDrawer(form)
        return form.fields.map { field in
            let record = field.jsonRecord(highlightedBy: policy)
            guard case .object(var object) = record else { return record }
            let sizes = fontSizes(of: field, drawer: drawer)
            object["widgets"] = .array(zip(field.widgets, sizes).map { FormField.jsonRecord(of: $0, fontSize: $1) })
            return .object(object)
        }
    }

    /// The size in points at which each widget of `field` draws the field's value (as
    /// `field` holds it, so a value not yet filled may be asked about), in widget order, as
    /// filling the field draws it: for a text field or combo box the size `/DA` names or,
    /// when that is 0, the size that fits the value in the box (at most 12 points for a
    /// multiline field); for a list box `/DA`'s size or 12. Nil for the other types, and
    /// where the value cannot be measured (the text cannot be shaped).
    ///
    /// A widget stored inside its parent (no object of its own, so not filled either: the
    /// fill is refused) is measured over its `/Rect` with the field's `/DA`.
    public func fontSizes(of field: FormField, in form: AcroForm) -> [Double?] {
        fontSizes(of: field, drawer: sizeDrawer(form))
    }

    /// A drawer that is only asked for sizes: it adds no object, as nothing is drawn.
    private func sizeDrawer(_ form: AcroForm) -> FieldAppearance {
        var drawer = FieldAppearance(file: file, form: form, addObject: { [file] in file.add($0) })
        drawer.embedsFonts = pdfaClaim != nil
        return drawer
    }

    private func fontSizes(of field: FormField, drawer: FieldAppearance) -> [Double?] {
        guard [.text, .combo, .list].contains(field.type) else { return field.widgets.map { _ in nil } }
        let text = FormFiller.shownText(of: field)
        return field.widgets.map { widget in
            let box = widget.rect
            let dictionary = widget.reference.flatMap { try? file.dictionary(.reference($0)) }
                ?? PDFDictionary(["Rect": .array([box.minX, box.minY, box.maxX, box.maxY].map { .real(Double($0)) })])
            return try? drawer.fontSize(of: text, field: field, widget: dictionary)
        }
    }
}
