import PDFCore

/// The dictionaries of the annotations with another application's drawing (shown, or kept
/// aside: ``PDFDocument/replacedDrawingKey``) that an open document removed by id
/// (``PDFDocument/removeAnnotations(ids:onPage:)``), newest last, at most ``capacity``: adding
/// one back (an undone removal) with what it showed takes its dictionary again, so the
/// drawing, which a removal does not free, and the keys the model does not know come back
/// with it. Held in memory by the document that removed them, never taken from the annotation
/// being added, whose dictionary may be another file's.
struct RemovedDrawings {
    /// The most dictionaries kept; the oldest goes first.
    static let capacity = 256
    private var kept: [(id: String, dictionary: PDFDictionary)] = []

    /// Keeps `annotation`'s dictionary when another application drew its appearance, or drew
    /// the one Marginalia's replaced.
    mutating func keep(_ annotation: PDFAnnotation, reader: inout AnnotationReader) {
        guard reader.hasForeignAppearance(annotation.dictionary) || PDFDocument.replacedDrawing(in: annotation.dictionary) != nil
        else { return }
        kept.removeAll { $0.id == annotation.id }
        kept.append((annotation.id, annotation.dictionary))
        if kept.count > Self.capacity { kept.removeFirst(kept.count - Self.capacity) }
    }

    /// The dictionary to add `annotation` back to page `pageIndex` with, nil to write it
    /// afresh:
    /// - the one kept for its id, when that holds another application's drawing, still in
    ///   `file`, of what `annotation` shows; less `/Popup` (the removal freed the popup) and
    ///   `/StructParent` (and its structure element);
    /// - or, when the one kept had that drawing set aside (Marginalia drew it since), only the
    ///   private data holding it, so Marginalia draws the annotation and the drawing can still
    ///   come back (an undo of the change before the removal).
    ///
    /// Call ``forget(_:)`` once the annotation is added.
    func dictionary(toAddBack annotation: PDFAnnotation, onPage pageIndex: Int, in file: PDFFile) -> PDFDictionary? {
        guard var dictionary = kept.last(where: { $0.id == annotation.id })?.dictionary else { return nil }
        var reader = AnnotationReader(file: file)
        if let replaced = PDFDocument.replacedDrawing(in: dictionary) {
            guard reader.hasForeignAppearance(replaced) else { return nil }
            var kept = PDFDictionary()
            AnnotationWriter.setPrivate(in: &kept) { $0[PDFDocument.replacedDrawingKey] = .dictionary(replaced) }
            return kept
        }
        guard reader.hasForeignAppearance(dictionary) else { return nil }
        let old = reader.read(dictionary, reference: nil, fallbackID: annotation.id, pageIndex: pageIndex)
        guard annotation.showsWhatItsDrawingShows(old) else { return nil }
        dictionary[PDFDocument.popupKey] = nil
        dictionary["StructParent"] = nil
        return dictionary
    }

    /// No longer keeps the dictionary of `id`.
    mutating func forget(_ id: String) {
        kept.removeAll { $0.id == id }
    }

    /// Keeps nothing more.
    mutating func forgetAll() {
        kept.removeAll()
    }
}

extension PDFDocument {
    /// Keeps the dictionaries of the removed annotations whose drawing another application made.
    func keepRemovedDrawings(of removed: [PDFAnnotation]) {
        var reader = AnnotationReader(file: file)
        for annotation in removed { removedDrawings.keep(annotation, reader: &reader) }
    }
}
