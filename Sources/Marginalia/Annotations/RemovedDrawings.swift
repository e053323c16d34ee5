import PDFCore

/// The dictionaries of the annotations with another application's drawing that an open
/// document removed by id (``PDFDocument/removeAnnotations(ids:onPage:)``), newest last, at
/// most ``capacity``: adding one back unchanged (an undone removal) takes its dictionary
/// again, so the drawing, which a removal does not free, and the keys the model does not
/// know come back with it. Held in memory by the document that removed them, never taken
/// from the annotation being added, whose dictionary may be another file's.
struct RemovedDrawings {
    /// The most dictionaries kept; the oldest goes first.
    static let capacity = 256
    private var kept: [(id: String, dictionary: PDFDictionary)] = []

    /// Keeps `annotation`'s dictionary when another application drew its appearance.
    mutating func keep(_ annotation: PDFAnnotation, reader: inout AnnotationReader) {
        guard reader.hasForeignAppearance(annotation.dictionary) else { return }
        kept.removeAll { $0.id == annotation.id }
        kept.append((annotation.id, annotation.dictionary))
        if kept.count > Self.capacity { kept.removeFirst(kept.count - Self.capacity) }
    }

    /// The dictionary to add `annotation` back with: the one kept for its id when that
    /// drawing is still in `file` and shows what `annotation` shows, less `/Popup` (the
    /// removal freed the popup) and `/StructParent` (and its structure element); empty, to
    /// write it afresh, otherwise. A dictionary taken is no longer kept.
    mutating func take(_ annotation: PDFAnnotation, from file: PDFFile) -> PDFDictionary {
        guard let position = kept.lastIndex(where: { $0.id == annotation.id }) else { return PDFDictionary() }
        var dictionary = kept.remove(at: position).dictionary
        var reader = AnnotationReader(file: file)
        guard reader.hasForeignAppearance(dictionary) else { return PDFDictionary() }
        let old = reader.read(dictionary, reference: nil, fallbackID: annotation.id, pageIndex: annotation.pageIndex ?? 0)
        guard annotation.showsWhatItsDrawingShows(old) else { return PDFDictionary() }
        dictionary[PDFDocument.popupKey] = nil
        dictionary["StructParent"] = nil
        return dictionary
    }
}

extension PDFDocument {
    /// Keeps the dictionaries of the removed annotations whose drawing another application made.
    func keepRemovedDrawings(of removed: [PDFAnnotation]) {
        var reader = AnnotationReader(file: file)
        for annotation in removed { removedDrawings.keep(annotation, reader: &reader) }
    }
}
