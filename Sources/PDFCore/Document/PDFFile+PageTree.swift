extension PDFFile {
    /// Whether the catalog's page tree (ISO 32000-2, 7.7.3) reaches at least one page: a
    /// node of `/Type /Page`, or one with no `/Kids` that is not a `/Pages` node. The walk
    /// goes depth first and stops at the first page, so a sound tree costs a few objects;
    /// each node is visited once, so a tree that loops ends.
    ///
    /// - Parameter catalog: the catalog whose tree to walk; nil means the trailer's.
    func pageTreeHasPages(catalog: PDFDictionary? = nil) -> Bool {
        guard let catalog = catalog ?? (try? self.catalog()), let root = catalog["Pages"] else { return false }
        var visited = Set<Int>()
        var pending = [root]
        while let node = pending.popLast() {
            if let reference = node.referenceValue, !visited.insert(reference.number).inserted { continue }
            guard let dictionary = try? resolve(node).dictionaryValue else { continue }
            if dictionary.type == "Page" { return true }
            guard let kids = (try? resolve(dictionary["Kids"] ?? .null))?.arrayValue else {
                if dictionary.type != "Pages" { return true }
                continue
            }
            if visited.count + pending.count > limits.maxObjectNumber { return false }
            pending.append(contentsOf: kids.reversed())
        }
        return false
    }

    /// The last object whose /Type is /Catalog (and that `accept` accepts), for files whose
    /// trailer is lost or names the wrong catalog.
    func findCatalog(where accept: (PDFDictionary) -> Bool = { _ in true }) -> PDFReference? {
        var found: PDFReference? = nil
        var bestOffset = -1
        for (number, entry) in crossReference.entries {
            let reference = PDFReference(number, entry.generation)
            guard let object = try? object(for: reference), let dictionary = object.dictionaryValue,
                  dictionary.type == "Catalog", dictionary["Pages"] != nil, accept(dictionary)
            else { continue }
            // Prefer the definition latest in the file: it belongs to the newest update.
            let offset: Int
            switch entry {
            case .inFile(let o, _): offset = o
            case .inObjectStream(let stream, _):
                if case .inFile(let o, _)? = crossReference.entries[stream] { offset = o } else { offset = 0 }
            case .free: continue
            }
            if offset > bestOffset {
                bestOffset = offset
                found = reference
            }
        }
        return found
    }
}
