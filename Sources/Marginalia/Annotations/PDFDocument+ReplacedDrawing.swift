import PDFCore

// Another application's drawing, kept aside when Marginalia draws the annotation anew (a note
// given another icon, a shape another colour) and put back when the annotation shows again
// what that drawing showed: undoing the change (on this server or on any replica, after a
// restart: the drawing is in the file, not in memory), or changing it back by hand. An
// annotation removed and added back by an undo keeps its dictionary and that drawing too
// (PDFDocument+RemovedAnnotations.swift).
//
// The dictionary as it was goes under the annotation's private data
// (`/MarginaliaData << /Replaced << ... >> >>`), its `/AP` and the streams it refers to
// included; the streams are not freed. Other viewers ignore the private key and show
// Marginalia's drawing meanwhile.

extension PDFDocument {
    /// The private data's key of the dictionary an annotation had when another application's
    /// drawing was replaced.
    static let replacedDrawingKey = "Replaced"

    /// The dictionary kept aside in `dictionary`'s private data (``setAsideReplacedDrawing(_:in:)``), if any.
    static func replacedDrawing(in dictionary: PDFDictionary) -> PDFDictionary? {
        dictionary[AnnotationReader.privateKey]?.dictionaryValue?[replacedDrawingKey]?.dictionaryValue
    }

    /// Keeps `stored` (an annotation's dictionary as read, whose appearance another
    /// application drew and is about to be replaced) in `annotation`'s private data, so that
    /// the drawing can come back. Returns false, keeping nothing, when `stored` holds no such
    /// drawing: then the old appearance is Marginalia's and may be freed.
    func setAsideReplacedDrawing(_ stored: PDFDictionary, in annotation: inout PDFAnnotation) -> Bool {
        var reader = AnnotationReader(file: file)
        guard reader.hasForeignAppearance(stored) else { return false }
        AnnotationWriter.setPrivate(in: &annotation.dictionary) { $0[Self.replacedDrawingKey] = .dictionary(stored) }
        return true
    }

    /// Puts back the drawing kept aside by ``setAsideReplacedDrawing(_:in:)`` when
    /// `annotation` shows what it showed then (its fields as they were, or only moved or
    /// scaled, or a note with another text): the kept `/AP` (and `/AS`) in place of
    /// Marginalia's, whose stream is freed, and the kept dictionary dropped. Returns whether
    /// it did.
    func restoresReplacedDrawing(_ annotation: inout PDFAnnotation, pageIndex: Int) -> Bool {
        guard let replaced = Self.replacedDrawing(in: annotation.dictionary) else { return false }
        var reader = AnnotationReader(file: file)
        guard reader.hasForeignAppearance(replaced) else { return false }
        let old = reader.read(replaced, reference: annotation.reference, fallbackID: annotation.id, pageIndex: pageIndex)
        guard annotation.showsWhatItsDrawingShows(old) else { return false }
        if let ours = annotation.dictionary["AP"]?.dictionaryValue?["N"]?.referenceValue { file.delete(ours) }
        annotation.dictionary["AP"] = replaced["AP"]
        annotation.dictionary["AS"] = replaced["AS"]
        AnnotationWriter.setPrivate(in: &annotation.dictionary) { $0[Self.replacedDrawingKey] = nil }
        annotation.hasForeignAppearance = true
        return true
    }
}

extension PDFAnnotation {
    /// Whether a drawing made of `old` still shows this annotation: it is `old` moved or
    /// scaled (``isPlacement(of:)``), or, for a note, with another text, author or subject,
    /// which a note's icon does not show.
    func showsWhatItsDrawingShows(_ old: PDFAnnotation) -> Bool {
        var compared = self
        if case .note = kind {
            compared.contents = old.contents
            compared.author = old.author
            compared.subject = old.subject
        }
        return compared.isPlacement(of: old)
    }
}
