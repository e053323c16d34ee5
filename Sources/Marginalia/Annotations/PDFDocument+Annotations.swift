import Foundation
import PDFCore

extension PDFDocument {
    /// The key of a markup annotation's popup annotation (ISO 32000-2, 12.5.6.2).
    static let popupKey = "Popup"

    /// The annotations on page `index`, in `/Annots` order (bottom to top), with what was
    /// wrong in their dictionaries. Malformed annotations are kept and reported, never dropped.
    public func readAnnotations(onPage index: Int) throws -> (annotations: [PDFAnnotation], problems: [String]) {
        // No label: reading every page's annotations must not read the labels' tree each time.
        let page = try self.page(at: index, readingAnnotations: false, label: .given(nil))
        var reader = AnnotationReader(file: file)
        var result: [PDFAnnotation] = []
        for (position, item) in try annotationEntries(of: page).enumerated() {
            guard let dictionary = try? file.dictionary(item) else {
                reader.note("page \(index + 1), /Annots entry \(position + 1): not a dictionary (skipped, left in the file)")
                continue
            }
            let reference = item.referenceValue
            let fallback = reference.map(Self.fallbackID(of:)) ?? "ann-p\(index + 1)-\(position + 1)"
            result.append(reader.read(dictionary, reference: reference, fallbackID: fallback, pageIndex: index))
        }
        return (result, reader.problems)
    }

    /// The annotations on page `index`, in `/Annots` order (bottom to top).
    public func annotations(onPage index: Int) throws -> [PDFAnnotation] {
        try readAnnotations(onPage: index).annotations
    }

    /// Adds `annotation` to page `index`: draws its appearance, sets `/Rect` to cover the
    /// drawing, and appends it to the page's `/Annots`. Returns the annotation as stored.
    ///
    /// - Parameter removed: the object a removal of this annotation left in the file
    ///   (``removeAnnotation(id:onPage:)``; an undo). When it still holds the annotation with
    ///   another application's drawing of what `annotation` shows, that object is put back,
    ///   its drawing and the keys the model does not know with it; otherwise (a compact
    ///   rewrite dropped it, or `annotation` shows something else) it is written afresh.
    @discardableResult
    public func addAnnotation(_ annotation: PDFAnnotation, toPage index: Int, restoring removed: Int? = nil) throws -> PDFAnnotation {
        try Self.validate(annotation)
        try separateSharedPages()
        var stored = annotation
        stored.pageIndex = index
        stored.hasForeignAppearance = false
        let pageReference: PDFReference
        let reference: PDFReference
        do {
            // The page snapshot holds the page's /Annots too: it is let go before the append.
            let page = try self.page(at: index, readingAnnotations: false)
            pageReference = page.reference
            // Written afresh: any appearance it gets is Marginalia's, but for one put back as
            // it was (an undone removal) with another application's drawing.
            let putBack = try removed.flatMap { try removedObject($0, toAddBack: annotation, on: page) }
            stored.dictionary = putBack?.dictionary ?? PDFDictionary()
            reference = putBack?.reference ?? file.add(.null)
            stored.reference = reference
            // It keeps the modification date it carries (one put back by an undo, or imported
            // with its date); a new one carries the time it was made.
            try write(&stored, page: page, modified: annotation.modificationDate ?? Date())
        }
        try appendAnnotationEntry(.reference(reference), toPage: pageReference, index: index)
        annotationIndexes[index]?.insert(stored)
        return stored
    }

    /// Appends `entry` to the `/Annots` of the page `reference` (number `index`) in place, so
    /// that adding the k-th annotation costs what adding the first did: the array in its own
    /// object, or in the page dictionary (made when missing). An `/Annots` of another shape (a
    /// reference to something that is not an array) is read and written whole.
    private func appendAnnotationEntry(_ entry: PDFObject, toPage reference: PDFReference, index: Int) throws {
        let arrayReference: PDFReference?
        do {  // the dictionary read holds the array too: let go before the append
            guard let dictionary = try file.dictionary(.reference(reference)) else {
                throw PDFError.invalidObject(reference, message: "page \(index + 1) is not a dictionary")
            }
            arrayReference = dictionary["Annots"]?.referenceValue
        }
        let appended: Bool
        if let arrayReference {
            appended = try file.append(entry, toArrayOf: arrayReference)
        } else {
            appended = try file.append(entry, toArrayOf: reference, key: "Annots")
        }
        guard !appended else { return }
        let page = try self.page(at: index, readingAnnotations: false)
        try setAnnotationEntries(try annotationEntries(of: page) + [entry], of: page)
    }

    /// Writes back a changed annotation (found by its reference, or by id on its page):
    /// regenerates its appearance when Marginalia draws its subtype and keeps every key
    /// the model does not know. Only its own objects are rewritten.
    ///
    /// - Parameter modified: the date written as `/M`: by default now; the time of the change
    ///   when it is replayed (the editor's operations pass the date the change carries, so a
    ///   document written twice from the same log is written alike).
    @discardableResult
    public func updateAnnotation(_ annotation: PDFAnnotation, modified: Date = Date()) throws -> PDFAnnotation {
        try Self.validate(annotation)
        guard let index = annotation.pageIndex else {
            throw PDFError.invalidArgument("annotation \(annotation.id) has no page")
        }
        try separateSharedPages()
        let page = try self.page(at: index, readingAnnotations: false)
        var stored = annotation
        if stored.reference == nil {
            // A direct dictionary in /Annots (found by its dictionary as read): it becomes an
            // object of its own.
            var entries = try annotationEntries(of: page)
            guard let position = entries.firstIndex(where: { $0.dictionaryValue == annotation.dictionary }),
                  !annotation.dictionary.isEmpty
            else {
                throw PDFError.invalidArgument("annotation \(annotation.id) is not on page \(index + 1)")
            }
            let reference = file.add(.null)
            stored.reference = reference
            entries[position] = .reference(reference)
            try setAnnotationEntries(entries, of: page)
        }
        try write(&stored, page: page, modified: modified)
        annotationIndexes[index]?.update(stored)
        return stored
    }

    /// Removes annotations by id from every page (with their popups). Returns how many.
    @discardableResult
    public func removeAnnotations(ids: Set<String>) throws -> Int {
        try separateSharedPages()
        var removed = 0
        for index in 0..<(try pageCount) {
            let annotations = try self.annotations(onPage: index)
            let doomed = annotations.filter { ids.contains($0.id) }
            guard !doomed.isEmpty else { continue }
            removed += doomed.count
            try removeAnnotations(doomed, onPage: index)
        }
        return removed
    }

    /// Removes the annotations with these ids from page `index` (with their popups), found
    /// through the page's annotation index rather than by reading every annotation of every
    /// page. Returns how many. Their objects are freed; ``removeAnnotation(id:onPage:)``
    /// leaves the object of one another application drew, for an undo to put back.
    @discardableResult
    public func removeAnnotations(ids: Set<String>, onPage index: Int) throws -> Int {
        try removeAnnotations(ids: ids, onPage: index, leavingDrawings: false).count
    }

    /// Removes the annotation `id` from page `index` (with its popup) and returns the number
    /// of the object it leaves in the file, nil when the object was freed. The object of one
    /// whose appearance another application drew (or drew the one Marginalia replaced) is only
    /// taken out of the page's `/Annots`: it stays in the file until a compact rewrite, so that
    /// ``addAnnotation(_:toPage:restoring:)`` can put it back, drawing and all (an undo, after
    /// a restart too).
    ///
    /// - Throws: ``PDFError/invalidArgument(_:)`` when page `index` has no annotation `id`.
    public func removeAnnotation(id: String, onPage index: Int) throws -> Int? {
        guard let left = try removeAnnotations(ids: [id], onPage: index, leavingDrawings: true)[id] else {
            throw PDFError.invalidArgument("no annotation \(id) on page \(index + 1)")
        }
        return left
    }

    /// Removes the annotations `ids` of page `index` (leaving in the file, with
    /// `leavingDrawings`, the objects of those another application drew); the removed ones'
    /// ids, with the object each left.
    private func removeAnnotations(ids: Set<String>, onPage index: Int, leavingDrawings: Bool) throws -> [String: Int?] {
        try separateSharedPages()
        let pageIndex = try annotationIndex(forPage: index)
        let doomed = ids.compactMap { pageIndex.annotation(id: $0) }
        guard !doomed.isEmpty else { return [:] }
        return try removeAnnotations(doomed, onPage: index, leavingDrawings: leavingDrawings)
    }

    /// Removes these annotations of page `index` and their popups from `/Annots`, and frees
    /// their objects; with `leavingDrawings`, but for those whose drawing another application
    /// made (``keepsObjectWhenRemoved(_:reader:)``). Returns the ids with the object each left.
    @discardableResult
    func removeAnnotations(_ doomed: [PDFAnnotation], onPage index: Int, leavingDrawings: Bool = false) throws -> [String: Int?] {
        let page = try self.page(at: index, readingAnnotations: false)
        try untag(doomed)
        var references = Set<Int>()
        var reader = AnnotationReader(file: file)
        var left: [String: Int?] = [:]
        for annotation in doomed {
            var kept: Int? = nil
            if let reference = annotation.reference {
                references.insert(reference.number)
                if leavingDrawings && Self.keepsObjectWhenRemoved(annotation, reader: &reader) {
                    kept = reference.number
                } else {
                    file.delete(reference)
                }
            }
            left.updateValue(kept, forKey: annotation.id)
            if let popup = annotation.dictionary[Self.popupKey]?.referenceValue {
                references.insert(popup.number)
                file.delete(popup)
            }
        }
        // Annotations stored directly in /Annots are recognised by their dictionary.
        let direct = doomed.filter { $0.reference == nil }.map(\.dictionary)
        var entries = try annotationEntries(of: page)
        entries.removeAll { item in
            if let reference = item.referenceValue { return references.contains(reference.number) }
            if case .dictionary(let dictionary) = item { return direct.contains(dictionary) }
            return false
        }
        try setAnnotationEntries(entries, of: page)
        if let cached = annotationIndexes[index] {
            for annotation in doomed { cached.remove(id: annotation.id) }
        }
        return left
    }

    /// Moves the annotation `id` of page `index` to `position` in the page's annotations as
    /// ``annotations(onPage:)`` lists them (0 is the bottom, the last the top; clamped): what
    /// draws over what. Entries of `/Annots` that list leaves out (popups) keep their places.
    /// Returns its position before and after.
    ///
    /// - Throws: ``PDFError/invalidArgument(_:)`` when the page has no annotation `id`.
    @discardableResult
    public func moveAnnotation(id: String, onPage index: Int, to position: Int) throws -> (from: Int, to: Int) {
        try separateSharedPages()
        let cached = try annotationIndex(forPage: index)  // the page's order, read once
        let listed = cached.annotations
        guard let from = listed.firstIndex(where: { $0.id == id }) else {
            throw PDFError.invalidArgument("no annotation \(id) on page \(index + 1)")
        }
        let to = min(max(0, position), listed.count - 1)
        guard to != from else { return (from, to) }
        let page = try self.page(at: index, readingAnnotations: false)
        var entries = try annotationEntries(of: page)
        func entry(of annotation: PDFAnnotation) throws -> Int {
            let found = entries.firstIndex { item in
                if let reference = annotation.reference { return item.referenceValue == reference }
                return item.dictionaryValue == annotation.dictionary
            }
            guard let found else {
                throw PDFError.invalidArgument("annotation \(annotation.id) is not in the /Annots of page \(index + 1)")
            }
            return found
        }
        let moving = entries.remove(at: try entry(of: listed[from]))
        var others = listed
        others.remove(at: from)
        // Just below the one it goes under, or just above the top one.
        let place = to < others.count ? try entry(of: others[to]) : try entry(of: others[others.count - 1]) + 1
        entries.insert(moving, at: place)
        try setAnnotationEntries(entries, of: page)
        cached.move(id: id, toPosition: to)
        return (from, to)
    }

    // MARK: - Internals

    /// Draws the appearance (when Marginalia draws the subtype, and the annotation is not
    /// another application's only moved or resized) and stores the dictionary.
    /// `modified`: the date written as `/M` (an update is a modification now).
    private func write(_ annotation: inout PDFAnnotation, page: PDFPage, modified: Date = Date()) throws {
        guard let reference = annotation.reference else { return }
        var appearanceReference: PDFReference? = nil
        var builder = AppearanceBuilder(addObject: { [file] in file.add($0) }, pageRotation: page.rotation)
        let stored = annotation.dictionary
        builder.storedImage = { [self] wanted in imageXObject(in: stored, matching: wanted) }
        // Another application's drawing put back (kept aside when Marginalia redrew it), or
        // kept as it is.
        let keepsAppearance = restoresReplacedDrawing(&annotation, pageIndex: page.index)
            || keepsItsAppearance(annotation, page: page)
        if keepsAppearance { annotation.hasForeignAppearance = true }
        // A document that claims PDF/A keeps its claim (docs/accessibility.md).
        let claim = pdfaClaim
        if let claim {
            annotation.flags = Self.archivalFlags(annotation.flags)
            builder.embedsFonts = true
            try checkArchival(annotation, appearance: nil, claim: claim)
        }
        if !keepsAppearance, let result = try builder.build(for: annotation) {
            if let claim { try checkArchival(annotation, appearance: result.stream, claim: claim) }
            if annotation.kind.rectFollowsDrawing { annotation.rect = result.rect }
            appearanceReference = file.add(.stream(result.stream))
            // Another application's drawing is kept aside, to come back; Marginalia's old one
            // is no longer referenced: free it.
            if !setAsideReplacedDrawing(stored, in: &annotation),
               let old = annotation.dictionary["AP"]?.dictionaryValue?["N"]?.referenceValue {
                file.delete(old)
            }
            // Drawn by Marginalia now: clients draw it from its fields again.
            annotation.hasForeignAppearance = false
        }
        let parent = try replyTarget(of: annotation, on: page)
        var dictionary = AnnotationWriter().dictionary(for: annotation, page: page.reference, appearance: appearanceReference,
                                                       parent: parent, appearanceKept: keepsAppearance, now: modified)
        keepStampImage(annotation, in: &dictionary)
        try tag(&dictionary, reference: reference, page: page.reference)
        annotation.dictionary = dictionary
        file.update(reference, with: .dictionary(dictionary))
    }

    /// Whether `annotation` keeps the appearance it has: one another application drew (no
    /// mark of ours, nor our private data on the annotation) is never redrawn for a stamp or
    /// an unknown subtype, which the engine cannot draw as their author did, nor for a move or
    /// resize of any kind, which only a new /Rect (and geometry keys) expresses, nor for a
    /// note whose text, author or subject changed, which its icon does not show.
    private func keepsItsAppearance(_ annotation: PDFAnnotation, page: PDFPage) -> Bool {
        let stored = annotation.dictionary
        var reader = AnnotationReader(file: file)
        guard reader.hasForeignAppearance(stored) else { return false }
        switch annotation.kind {
        case .stamp, .other: return true
        default:
            let old = reader.read(stored, reference: annotation.reference, fallbackID: annotation.id, pageIndex: page.index)
            return annotation.showsWhatItsDrawingShows(old)
        }
    }

    /// The object of the annotation `annotation` is in reply to, which must be another
    /// annotation of the same page with an object of its own (ISO 32000-2, 12.5.6.2: `/IRT` is
    /// a reference, and both annotations are on one page).
    private func replyTarget(of annotation: PDFAnnotation, on page: PDFPage) throws -> PDFReference? {
        guard let target = annotation.inReplyTo else { return nil }
        guard target != annotation.id, let parent = try annotationIndex(forPage: page.index).annotation(id: target),
              let reference = parent.reference
        else {
            throw PDFError.invalidArgument("annotation \(annotation.id) is in reply to \(target), which is not another annotation on page \(page.index + 1)")
        }
        return reference
    }

    /// A PNG stamp's original bytes go under the private key, so exporting gives back the
    /// image that was imported (a JPEG needs no copy: its appearance embeds it unchanged).
    private func keepStampImage(_ annotation: PDFAnnotation, in dictionary: inout PDFDictionary) {
        guard case .stamp(let stamp) = annotation.kind else { return }
        var data = dictionary[AnnotationReader.privateKey]?.dictionaryValue ?? PDFDictionary()
        let old = data["ImageData"]?.referenceValue
        if let image = stamp.imageData, image.first != 0xFF {
            if let old, case .stream(let stream)? = try? file.object(for: old), stream.rawBytes.elementsEqual(image) {
                return
            }
            if let old { file.delete(old) }
            data["ImageData"] = .reference(file.add(.stream(PDFStream(dictionary: PDFDictionary(), rawBytes: Array(image)))))
        } else {
            if let old { file.delete(old) }
            data["ImageData"] = nil
        }
        dictionary[AnnotationReader.privateKey] = data.isEmpty ? nil : .dictionary(data)
    }

    /// The page's `/Annots` items (references or direct dictionaries).
    func annotationEntries(of page: PDFPage) throws -> [PDFObject] {
        try file.resolve(page.dictionary["Annots"] ?? .null).arrayValue ?? []
    }

    /// Stores `/Annots`: in its own object when it is one, else in the page dictionary.
    func setAnnotationEntries(_ entries: [PDFObject], of page: PDFPage) throws {
        guard var dictionary = try file.dictionary(.reference(page.reference)) else {
            throw PDFError.invalidObject(page.reference, message: "page \(page.index + 1) is not a dictionary")
        }
        if let arrayReference = dictionary["Annots"]?.referenceValue,
           case .array = try file.object(for: arrayReference) {
            file.update(arrayReference, with: .array(entries))
        } else {
            dictionary["Annots"] = entries.isEmpty ? .null : .array(entries)
            file.update(page.reference, with: .dictionary(dictionary))
        }
    }

    /// Refuses geometry no viewer could show.
    static func validate(_ a: PDFAnnotation) throws {
        let numbers = [a.rect.minX, a.rect.minY, a.rect.width, a.rect.height, CGFloat(a.opacity), CGFloat(a.border.width)]
        guard numbers.allSatisfy(\.isFinite) else {
            throw PDFError.invalidArgument("annotation \(a.id): rect, opacity and border width must be finite numbers")
        }
        switch a.kind {
        case .ink(let ink):
            guard !ink.paths.isEmpty, ink.paths.allSatisfy({ !$0.isEmpty }) else {
                throw PDFError.invalidArgument("annotation \(a.id): ink needs at least one stroke with points")
            }
            guard ink.paths.allSatisfy({ $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } }) else {
                throw PDFError.invalidArgument("annotation \(a.id): ink points must be finite numbers")
            }
        case .polygon(let vertices) where vertices.count < 2:
            throw PDFError.invalidArgument("annotation \(a.id): a polygon needs at least two vertices")
        case .polyLine(let p) where p.vertices.count < 2:
            throw PDFError.invalidArgument("annotation \(a.id): a polyline needs at least two vertices")
        case .textMarkup(_, let quads) where quads.isEmpty || quads.contains(where: { $0.points.count != 4 }):
            throw PDFError.invalidArgument("annotation \(a.id): text markup needs quadrilaterals of four points")
        case .redact(let redact) where redact.quads.contains(where: { $0.points.count != 4 }):
            throw PDFError.invalidArgument("annotation \(a.id): a redaction's quadrilaterals need four points")
        default:
            break
        }
    }
}
