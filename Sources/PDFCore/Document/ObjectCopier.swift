/// Copies objects from one file into another (or within one file), giving each copied object
/// a new number in the target and rewriting the references between them.
///
/// Used to import pages: the page's content, resources and annotations come along; its
/// `/Parent` does not, and by default references to pages or page-tree nodes that are not
/// being copied become null, so one imported page does not drag in the whole source
/// document. ``treatment`` changes what happens to a referenced object (copy it, keep the
/// reference as it is within one file, or drop it), and ``preset(_:as:)`` fixes the copy of
/// an object in advance.
public final class ObjectCopier {
    let source: PDFFile
    let target: PDFFile
    private var mapping: [Int: PDFReference] = [:]
    private var excluded = Set<Int>()

    /// What becomes of an object that a copied object references.
    public enum Treatment: Sendable {
        /// A copy with a new number in the target.
        case copy
        /// The same reference: only when the source is the target (the object is shared).
        case keep
        /// Null: the reference is left out.
        case drop
    }

    /// Decides the treatment of each referenced object met for the first time (its reference
    /// and its value in the source). The default drops pages and page-tree nodes and copies
    /// everything else.
    public var treatment: (PDFReference, PDFObject) -> Treatment = ObjectCopier.defaultTreatment

    /// Pages and page-tree nodes are dropped, the rest is copied.
    public static func defaultTreatment(_ reference: PDFReference, _ value: PDFObject) -> Treatment {
        let type = value.dictionaryValue?.type
        return type == "Page" || type == "Pages" ? .drop : .copy
    }

    public init(from source: PDFFile, to target: PDFFile) {
        self.source = source
        self.target = target
    }

    /// Fixes what a reference to `reference` becomes: a reference already made in the target
    /// (a page reserved for a copy, say), or `.null` to leave it out.
    public func preset(_ reference: PDFReference, as replacement: PDFObject) {
        if let mapped = replacement.referenceValue {
            mapping[reference.number] = mapped
            excluded.remove(reference.number)
        } else {
            mapping[reference.number] = nil
            excluded.insert(reference.number)
        }
    }

    /// The copy made of `reference` so far, if any.
    public func copied(_ reference: PDFReference) -> PDFReference? {
        mapping[reference.number]
    }

    /// Copies pages, each with its inherited attributes made its own, and returns the new
    /// page references in the same order (not yet in the target's page tree).
    public func copyPages(_ pages: [(reference: PDFReference, inherited: PDFDictionary)]) throws -> [PDFReference] {
        // Reserve numbers for the pages first, so links between copied pages stay links.
        var newReferences: [PDFReference] = []
        for (reference, _) in pages {
            if let existing = mapping[reference.number] {
                newReferences.append(existing)
                continue
            }
            let placeholder = target.add(.null)
            mapping[reference.number] = placeholder
            newReferences.append(placeholder)
        }
        for (index, (reference, inherited)) in pages.enumerated() {
            guard var dictionary = try source.dictionary(.reference(reference)) else {
                throw PDFError.invalidObject(reference, message: "page is not a dictionary")
            }
            for (key, value) in inherited where dictionary[key] == nil { dictionary[key] = value }
            dictionary["Parent"] = nil
            var copied = PDFDictionary()
            for (key, value) in dictionary { copied[key] = try copy(value, depth: 0) }
            target.update(newReferences[index], with: .dictionary(copied))
        }
        return newReferences
    }

    /// Copies `object` and everything it references (within the rules above).
    public func copy(_ object: PDFObject, depth: Int = 0) throws -> PDFObject {
        guard depth < source.limits.maxNestingDepth else {
            throw PDFError.limitExceeded("objects nested deeper than \(source.limits.maxNestingDepth) while copying", limit: .maxNestingDepth, max: source.limits.maxNestingDepth)
        }
        switch object {
        case .reference(let reference):
            if let mapped = mapping[reference.number] { return .reference(mapped) }
            if excluded.contains(reference.number) { return .null }
            let value = try source.object(for: reference)
            switch treatment(reference, value) {
            case .drop:
                excluded.insert(reference.number)
                return .null
            case .keep where source === target:
                return .reference(reference)
            case .keep, .copy:
                break
            }
            let placeholder = target.add(.null)
            mapping[reference.number] = placeholder
            target.update(placeholder, with: try copy(value, depth: depth + 1))
            return .reference(placeholder)
        case .array(let items):
            return .array(try items.map { try copy($0, depth: depth + 1) })
        case .dictionary(let dictionary):
            var result = PDFDictionary()
            for (key, value) in dictionary { result[key] = try copy(value, depth: depth + 1) }
            return .dictionary(result)
        case .stream(let stream):
            var result = PDFDictionary()
            for (key, value) in stream.dictionary { result[key] = try copy(value, depth: depth + 1) }
            return .stream(PDFStream(dictionary: result, rawBytes: stream.rawBytes))
        default:
            return object
        }
    }
}
