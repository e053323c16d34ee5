import Foundation
import PDFCore

/// Copies pages into a document, from another document or from the document itself, with
/// their annotations and form fields (``PDFDocument/copyPages(_:from:at:annotationIDs:)``).
///
/// What is shared and what is copied:
/// - From another document, everything a page uses is copied (content, resources, fonts,
///   images, annotations and their appearances); references to pages that are not copied
///   become null, so one page does not drag in the rest of its document, and links to such
///   pages (or to named destinations of the source) are left out.
/// - Within one document (duplicating), the copy shares the page's content streams and
///   resources, which nothing edits in place, but gets its own annotations with their own
///   appearance streams, since editing or removing an annotation frees its old appearance.
/// - Every copied annotation gets a new `/NM` (the ids the editor names annotations by must
///   stay unique); `/StructParents`, `/StructParent` and `/B` (the source's structure tree
///   and article threads) are left out.
/// - Form widgets become fields of the target's form, each with a name of its own: the
///   source field's full name with `.` written `_` (a partial name holds no period), made
///   unique with `_2`, `_3`… when the target already has it (always, when duplicating). The
///   field keeps what it inherited (`/FT`, `/Ff`, `/DA`, values); a signature's value (the
///   signed bytes of another file) is not kept.
struct PageCopier {
    let source: PDFDocument
    let target: PDFDocument
    var same: Bool { source === target }

    /// The widgets copied so far: the source widget and its copy (a reference, or the index of
    /// a direct dictionary is not possible for widgets: fields need references).
    var widgets: [(source: PDFReference, copy: PDFReference)] = []

    init(from source: PDFDocument, to target: PDFDocument) {
        self.source = source
        self.target = target
    }

    /// Copies pages `indexes` of the source so that the first copy becomes page `index` of the
    /// target, and returns the ids given to the copies' annotations in page and `/Annots` order.
    mutating func copy(_ indexes: [Int], at index: Int, annotationIDs: [String]?) throws -> [String] {
        let sourceCount = try source.pageCount
        guard !indexes.isEmpty else { throw PDFError.invalidArgument("no pages to copy") }
        for page in indexes where page < 0 || page >= sourceCount {
            throw PDFError.invalidArgument("cannot copy page \(page + 1): the document has \(sourceCount) pages")
        }
        guard Set(indexes).count == indexes.count else { throw PDFError.invalidArgument("a page is named twice in the pages to copy") }
        let targetCount = try target.pageCount
        guard index >= 0 && index <= targetCount else {
            throw PDFError.invalidArgument("cannot insert at page \(index + 1): the document has \(targetCount) pages")
        }
        let (newPages, given) = try copyObjects(of: indexes, annotationIDs: annotationIDs)
        for (offset, reference) in newPages.enumerated() {
            try target.pageTree.insert(reference, at: index + offset)
        }
        target.annotationIndexes.removeAll()
        return given
    }

    /// Makes the copies of pages `indexes` of the source as objects of the target, outside
    /// its page tree (no `/Parent`), and returns them with the ids given to their annotations.
    mutating func copyObjects(of indexes: [Int], annotationIDs: [String]?) throws -> (pages: [PDFReference], ids: [String]) {
        let pages = try indexes.map { try source.pageTree.page(at: $0) }
        var dictionaries: [PDFDictionary] = []
        for (reference, _) in pages {
            guard let dictionary = try source.file.dictionary(.reference(reference)) else {
                throw PDFError.invalidObject(reference, message: "page is not a dictionary")
            }
            dictionaries.append(dictionary)
        }
        let copier = ObjectCopier(from: source.file, to: target.file)
        let newPages = pages.map { _ in target.file.add(.null) }
        for (page, copy) in zip(pages, newPages) { copier.preset(page.reference, as: .reference(copy)) }
        let entries = try dictionaries.map { try source.file.resolve($0["Annots"] ?? .null).arrayValue ?? [] }
        try prepare(copier, entries: entries.flatMap { $0 })

        var ids = annotationIDs.map { ArraySlice($0) }
        var given: [String] = []
        for (offset, (dictionary, inherited)) in zip(dictionaries, pages.map(\.inherited)).enumerated() {
            var page = PDFDictionary()
            let skipped: Set<String> = ["Parent", "Annots", "StructParents", "B"]
            for (key, value) in dictionary where !skipped.contains(key) { page[key] = same ? value : try copier.copy(value) }
            for (key, value) in inherited where page[key] == nil { page[key] = same ? value : try copier.copy(value) }
            var annotations: [PDFObject] = []
            for entry in entries[offset] {
                guard var copied = try copyAnnotation(entry, with: copier) else { continue }
                let id: String
                if var remaining = ids {
                    guard let next = remaining.popFirst() else {
                        throw PDFError.invalidArgument("more annotations to copy than ids given (\(annotationIDs?.count ?? 0))")
                    }
                    ids = remaining
                    id = next
                } else {
                    id = AnnotationID.make().uppercased()
                }
                given.append(id)
                copied.dictionary["NM"] = .text(id)
                copied.dictionary["StructParent"] = nil
                if let reference = copied.reference {
                    target.file.update(reference, with: .dictionary(copied.dictionary))
                    annotations.append(.reference(reference))
                } else {
                    annotations.append(.dictionary(copied.dictionary))
                }
            }
            if !annotations.isEmpty { page["Annots"] = .array(annotations) }
            target.file.update(newPages[offset], with: .dictionary(page))
        }
        if let ids, !ids.isEmpty {
            throw PDFError.invalidArgument("fewer annotations to copy (\(given.count)) than ids given (\(given.count + ids.count))")
        }
        try makeFields(copier)
        return (newPages, given)
    }

    /// Sets the copier's rules for these annotation entries: which objects are copied, kept
    /// or dropped (see the type's notes), and widgets' field parents left for ``makeFields``.
    private func prepare(_ copier: ObjectCopier, entries: [PDFObject]) throws {
        var annotations = Set<Int>()
        var owned = Set<Int>()
        for entry in entries {
            guard let reference = entry.referenceValue else { continue }
            annotations.insert(reference.number)
            guard let dictionary = try source.file.dictionary(entry) else { continue }
            if let parent = dictionary["Parent"]?.referenceValue, dictionary["Subtype"]?.nameValue == AnnotationSubtype.widget.pdfName {
                copier.preset(parent, as: .null)
            }
            // Within one document the copy owns what editing the annotation would free.
            owned.formUnion(try appearanceStreams(of: dictionary))
            if let image = dictionary[AnnotationReader.privateKey]?.dictionaryValue?["ImageData"]?.referenceValue {
                owned.insert(image.number)
            }
        }
        let same = self.same
        copier.treatment = { reference, value in
            let dictionary = value.dictionaryValue
            if let dictionary, dictionary["Subtype"] != nil, dictionary["Rect"] != nil {
                // An annotation: copied when it is one of the page's, else left as it is
                // (within one document) or out (another document).
                if annotations.contains(reference.number) { return .copy }
                return same ? .keep : .drop
            }
            if same { return owned.contains(reference.number) ? .copy : .keep }
            return ObjectCopier.defaultTreatment(reference, value)
        }
    }

    /// The appearance streams an annotation's `/AP` names (every appearance and state).
    private func appearanceStreams(of annotation: PDFDictionary) throws -> Set<Int> {
        var found = Set<Int>()
        guard let appearances = try source.file.dictionary(annotation["AP"]) else { return found }
        for (_, value) in appearances {
            if let reference = value.referenceValue, case .stream = try source.file.object(for: reference) {
                found.insert(reference.number)
            } else if let states = try source.file.dictionary(value) {
                for (_, state) in states { if let reference = state.referenceValue { found.insert(reference.number) } }
            }
        }
        return found
    }

    /// Copies one `/Annots` entry; nil for a link that would lead nowhere in the target.
    private mutating func copyAnnotation(_ entry: PDFObject,
                                         with copier: ObjectCopier) throws -> (dictionary: PDFDictionary, reference: PDFReference?)? {
        let copied = try copier.copy(entry)
        let reference = copied.referenceValue
        guard let dictionary = reference != nil ? try target.file.dictionary(copied) : copied.dictionaryValue else { return nil }
        if !same, dictionary["Subtype"]?.nameValue == AnnotationSubtype.link.pdfName, try !Self.destinationSurvives(dictionary, in: target.file) {
            if let reference { target.file.delete(reference) }
            return nil
        }
        if let reference, dictionary["Subtype"]?.nameValue == AnnotationSubtype.widget.pdfName, let original = entry.referenceValue {
            widgets.append((original, reference))
        }
        return (dictionary, reference)
    }

    /// Whether a copied link still goes somewhere: a URI or other action, or a destination on
    /// a page that was copied too (a dropped page reads as null; a named destination would
    /// name the source's, which the target does not have).
    static func destinationSurvives(_ link: PDFDictionary, in file: PDFFile) throws -> Bool {
        var destination = link["Dest"]
        if destination == nil, let action = try file.dictionary(link["A"]) {
            guard action["S"]?.nameValue == "GoTo" else { return true }
            destination = action["D"]
        }
        guard let destination else { return true }
        switch try file.resolve(destination) {
        case .array(let items): return items.first.map { !$0.isNull } ?? false
        default: return false
        }
    }
}
