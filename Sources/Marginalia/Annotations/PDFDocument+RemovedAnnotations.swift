import PDFCore

// An annotation another application drew, removed by id (``PDFDocument/removeAnnotation(id:onPage:)``),
// leaves its object in the file, as a removed page does: only taken out of the page's
// `/Annots`, not freed, so it stays in the revision that had it and in every incremental save
// after. Adding the annotation back (an undone removal, on any replica, after a restart) with
// what it showed puts that same object back, with the drawing and the keys the model does not
// know. A compact rewrite leaves the object out (nothing refers to it), and the object number
// then names something else or nothing: the annotation is written afresh.

extension PDFDocument {
    /// Whether removing `annotation` leaves its object in the file: another application drew
    /// its appearance, or drew the one Marginalia's replaced (``replacedDrawingKey``).
    static func keepsObjectWhenRemoved(_ annotation: PDFAnnotation, reader: inout AnnotationReader) -> Bool {
        reader.hasForeignAppearance(annotation.dictionary) || replacedDrawing(in: annotation.dictionary) != nil
    }

    /// The object to add `annotation` back to `page` in, with the dictionary to start from, when
    /// object `number` is the one a removal of it left in the file; nil to write it afresh (as
    /// always once redactions were applied: the object may show what they took out):
    /// - the object's dictionary, when it is still that annotation (its id, its page, not in the
    ///   page's `/Annots`) with another application's drawing of what `annotation` shows; less
    ///   `/Popup` (the removal freed the popup) and `/StructParent` (and its structure element);
    /// - or, when that drawing was set aside (Marginalia drew the annotation since), only the
    ///   private data holding it, so Marginalia draws the annotation and the drawing can still
    ///   come back (an undo of the change before the removal).
    func removedObject(_ number: Int, toAddBack annotation: PDFAnnotation, on page: PDFPage)
        throws -> (reference: PDFReference, dictionary: PDFDictionary)? {
        let reference = PDFReference(number, file.generation(of: number))
        guard number > 0, !redactionsApplied, case .dictionary(var dictionary)? = try? file.object(for: reference),
              dictionary["P"].map({ $0.referenceValue == page.reference }) ?? true,
              !(try annotationEntries(of: page)).contains(where: { $0.referenceValue?.number == number })
        else { return nil }
        var reader = AnnotationReader(file: file)
        let old = reader.read(dictionary, reference: reference, fallbackID: Self.fallbackID(of: reference), pageIndex: page.index)
        guard old.id == annotation.id else { return nil }
        if let replaced = Self.replacedDrawing(in: dictionary) {
            guard reader.hasForeignAppearance(replaced) else { return nil }
            var kept = PDFDictionary()
            AnnotationWriter.setPrivate(in: &kept) { $0[Self.replacedDrawingKey] = .dictionary(replaced) }
            return (reference, kept)
        }
        guard reader.hasForeignAppearance(dictionary), annotation.showsWhatItsDrawingShows(old) else { return nil }
        dictionary[Self.popupKey] = nil
        dictionary["StructParent"] = nil
        return (reference, dictionary)
    }

    /// The id of an annotation without `/NM` in object `reference`.
    static func fallbackID(of reference: PDFReference) -> String {
        "ann-\(reference.number)-\(reference.generation)"
    }
}
