/// Copies objects from one file into another, giving each copied object a new number in
/// the target and rewriting the references between them.
///
/// Used to import pages: the page's content, resources and annotations come along; its
/// `/Parent` does not, and references to pages or page-tree nodes that are not being copied
/// become null, so one imported page does not drag in the whole source document.
public final class ObjectCopier {
    let source: PDFFile
    let target: PDFFile
    private var mapping: [Int: PDFReference] = [:]
    private var excluded = Set<Int>()

    public init(from source: PDFFile, to target: PDFFile) {
        self.source = source
        self.target = target
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
            throw PDFError.limitExceeded("objects nested deeper than \(source.limits.maxNestingDepth) while copying")
        }
        switch object {
        case .reference(let reference):
            if let mapped = mapping[reference.number] { return .reference(mapped) }
            if excluded.contains(reference.number) { return .null }
            let value = try source.object(for: reference)
            if let type = value.dictionaryValue?.type, type == "Page" || type == "Pages" {
                excluded.insert(reference.number)
                return .null
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
