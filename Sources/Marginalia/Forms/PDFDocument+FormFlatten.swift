import Foundation
import PDFCore

extension PDFDocument {
    /// Burns the form's widgets into their pages and removes the form (`/AcroForm`), so the
    /// pages look as they did but nothing can be filled any more (ISO 32000-2, 12.7.1 and
    /// 12.5.5 for how each appearance maps onto its widget).
    ///
    /// Fields whose widgets have no appearance (or all of them, when the form asked viewers
    /// to draw them with `/NeedAppearances`) are drawn first. Hidden widgets are removed
    /// without being drawn.
    ///
    /// - Parameters:
    ///   - annotations: also flatten the other annotations (not links), as
    ///     ``flattenAnnotations(pages:where:)`` does.
    ///   - evenIfSigned: flatten a signed form too, its signatures' appearances burned in and
    ///     the signatures gone: for a copy that is not the signed file (a flattened export).
    /// - Returns: how many widgets and annotations were burned in or removed.
    /// - Throws: ``FormError/signedDocument`` when a signature field is signed (flattening
    ///   would remove the signature) and `evenIfSigned` is false.
    @discardableResult
    public func flattenForm(annotations: Bool = false, evenIfSigned: Bool = false) throws -> Int {
        try flattenForm(annotations: annotations, evenIfSigned: evenIfSigned, where: { _ in true }, drawn: { _ in true })
    }

    /// Flattens the form as above; of the other annotations (with `annotations`), those
    /// `include` chooses, drawn unless `drawn` says otherwise (``flatten(_:pages:where:)``).
    func flattenForm(annotations: Bool, evenIfSigned: Bool, where include: (PDFAnnotation) -> Bool,
                     drawn: (PDFAnnotation) -> Bool) throws -> Int {
        let form = try acroForm()
        if form.isSigned && !evenIfSigned { throw FormError.signedDocument }
        var filler = FormFiller(file: file, form: form, claim: pdfaClaim)
        for field in form.fields where field.type == .text || field.type == .combo || field.type == .list {
            if try form.needAppearances || field.widgets.contains(where: { try !hasNormalAppearance($0) }) {
                try filler.redraw(field)
            }
        }
        // Widgets are the /Annots entries of subtype Widget (some forms leave widgets out of
        // the field tree; they are burned in too, as viewers show them).
        let count = try flattenAnnotations(pages: nil, excluding: [.link, .popup], where: {
            $0.annotationSubtype == .widget || (annotations && include($0))
        }, drawn: { $0.annotationSubtype == .widget || drawn($0) })
        if let rootReference = file.trailer["Root"]?.referenceValue {
            var catalog = try file.catalog()
            if catalog["AcroForm"] != nil {
                catalog["AcroForm"] = nil
                file.update(rootReference, with: .dictionary(catalog))
            }
        }
        return count
    }

    private func hasNormalAppearance(_ widget: FormWidget) throws -> Bool {
        guard let reference = widget.reference, let dictionary = try file.dictionary(.reference(reference)),
              let ap = try file.dictionary(dictionary["AP"]) else { return false }
        return ap["N"] != nil
    }
}
