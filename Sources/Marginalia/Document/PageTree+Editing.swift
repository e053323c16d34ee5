import PDFCore

extension PageTree {
    /// Inserts the page object `page` so that it becomes page `index` (0-based; `count`
    /// appends). Sets its `/Parent` and the `/Count` of every ancestor.
    func insert(_ page: PDFReference, at index: Int) throws {
        try makeRootIndirect()
        let total = try count()
        guard index >= 0 && index <= total else {
            throw PDFError.invalidArgument("cannot insert at page \(index + 1): the document has \(total) pages")
        }
        try ensureConsistentCounts()
        let parentRef: PDFReference
        let position: Int
        if total == 0 {
            parentRef = try rootReference()
            position = 0
        } else {
            let neighbour = try self.page(at: index == total ? total - 1 : index).reference
            let location = try locate(neighbour)
            parentRef = location.parent
            position = index == total ? location.position + 1 : location.position
        }
        var parent = try node(parentRef)
        var kids = try file.resolve(parent["Kids"] ?? .null).arrayValue ?? []
        kids.insert(.reference(page), at: min(position, kids.count))
        parent["Kids"] = .array(kids)
        file.update(parentRef, with: .dictionary(parent))
        var pageDictionary = try node(page)
        pageDictionary["Parent"] = .reference(parentRef)
        // The page must look the same under its new parent: where it has no value of its
        // own for an inheritable key that the new ancestors supply, give it the default.
        let inheritedHere = try inheritedAttributes(of: parentRef)
        if pageDictionary["Rotate"] == nil, (inheritedHere["Rotate"]?.integerValue ?? 0) != 0 {
            pageDictionary["Rotate"] = 0
        }
        if pageDictionary["CropBox"] == nil, inheritedHere["CropBox"] != nil {
            pageDictionary["CropBox"] = pageDictionary["MediaBox"] ?? inheritedHere["MediaBox"]
        }
        if pageDictionary["Resources"] == nil { pageDictionary["Resources"] = .dictionary(PDFDictionary()) }
        if pageDictionary["MediaBox"] == nil, inheritedHere["MediaBox"] == nil {
            pageDictionary["MediaBox"] = [0, 0, 612, 792]  // US Letter, what readers assume
        }
        file.update(page, with: .dictionary(pageDictionary))
        try adjustCounts(from: parentRef, by: 1)
        invalidate()
    }

    /// Removes page `index` from the tree and returns its reference (the object stays, so
    /// a move can insert it again; an unreferenced page is dropped by a compact rewrite).
    @discardableResult
    func remove(at index: Int) throws -> PDFReference {
        try makeRootIndirect()
        try ensureConsistentCounts()
        let page = try self.page(at: index).reference
        let location = try locate(page)
        var parent = try node(location.parent)
        var kids = try file.resolve(parent["Kids"] ?? .null).arrayValue ?? []
        guard location.position < kids.count else {
            throw PDFError.invalidObject(location.parent, message: "page tree node does not list page \(index + 1)")
        }
        kids.remove(at: location.position)
        parent["Kids"] = .array(kids)
        file.update(location.parent, with: .dictionary(parent))
        try adjustCounts(from: location.parent, by: -1)
        invalidate()
        return page
    }

    /// Copies the attributes a page inherits into the page itself, so it keeps its look
    /// wherever it moves in the tree (7.7.3.4).
    func materializeInheritedAttributes(of page: PDFReference) throws {
        var dictionary = try node(page)
        let inherited = try inheritedAttributes(of: page)
        var changed = false
        for key in PageTree.inheritableKeys where dictionary[key] == nil {
            if let value = inherited[key] {
                dictionary[key] = value
                changed = true
            }
        }
        if dictionary["Resources"] == nil {
            // Resources are required on a page (7.7.3.3); an empty dictionary is the minimum.
            dictionary["Resources"] = .dictionary(PDFDictionary())
            changed = true
        }
        if changed { file.update(page, with: .dictionary(dictionary)) }
    }

    /// Gives every place of a page object that the tree names more than once, but the
    /// first, a page object of its own, made by `copy` from the page at that index; the tree
    /// is rebuilt flat first (a shared node repeats its pages). Returns whether there was
    /// anything to separate.
    ///
    /// Reading, such a tree is what qpdf and MuPDF make of it: two places sharing one object
    /// (an annotation on it shows at both). An edit must change one place only, and the
    /// `/Count`s and `/Parent`s a tree edit keeps right need a tree, so edits separate first.
    func separateRepeatedPages(copying copy: (_ index: Int) throws -> PDFReference) throws -> Bool {
        guard try sharesPages else { return false }
        try makeRootIndirect()
        try rebuildFlat()
        let rootRef = try rootReference()
        var seen = Set<Int>()
        var kids: [PDFObject] = []
        for (index, page) in try flatten().enumerated() {
            if seen.insert(page.number).inserted {
                kids.append(.reference(page))
                continue
            }
            let separate = try copy(index)
            var dictionary = try node(separate)
            dictionary["Parent"] = .reference(rootRef)
            file.update(separate, with: .dictionary(dictionary))
            kids.append(.reference(separate))
        }
        var root = try node(rootRef)
        root["Kids"] = .array(kids)
        file.update(rootRef, with: .dictionary(root))
        invalidate()
        return true
    }

    // MARK: - Helpers

    private func node(_ reference: PDFReference) throws -> PDFDictionary {
        guard let dictionary = try file.dictionary(.reference(reference)) else {
            throw PDFError.invalidObject(reference, message: "page tree node is not a dictionary")
        }
        return dictionary
    }

    /// The parent of `page` and its index in the parent's `/Kids`.
    private func locate(_ page: PDFReference) throws -> (parent: PDFReference, position: Int) {
        let dictionary = try node(page)
        if let parent = dictionary["Parent"]?.referenceValue,
           let kids = try file.resolve(try node(parent)["Kids"] ?? .null).arrayValue,
           let position = kids.firstIndex(where: { $0.referenceValue?.number == page.number }) {
            return (parent, position)
        }
        // A page whose /Parent is wrong: rebuild the tree flat, then it is the root's kid.
        try rebuildFlat()
        let root = try rootReference()
        let kids = try file.resolve(try node(root)["Kids"] ?? .null).arrayValue ?? []
        guard let position = kids.firstIndex(where: { $0.referenceValue?.number == page.number }) else {
            throw PDFError.invalidObject(page, message: "page is not in the page tree")
        }
        return (root, position)
    }

    /// Adds `delta` to `/Count` of `start` and each of its ancestors.
    private func adjustCounts(from start: PDFReference, by delta: Int) throws {
        var current: PDFReference? = start
        var visited = Set<Int>()
        while let ref = current, visited.insert(ref.number).inserted {
            var dictionary = try node(ref)
            let count = min(max(0, dictionary["Count"]?.integerValue ?? 0), file.limits.maxPageCount)
            dictionary["Count"] = .integer(max(0, count + delta))
            file.update(ref, with: .dictionary(dictionary))
            current = dictionary["Parent"]?.referenceValue
        }
    }

    /// When `/Count`s disagree with the tree, edits would land in the wrong place: rebuild
    /// the tree as one flat `/Pages` node first.
    private func ensureConsistentCounts() throws {
        let pages = try flatten()
        let root = try node(try rootReference())
        let consistent = try countIsConsistent(try rootReference(), depth: 0)
        if root["Count"]?.integerValue != pages.count || !consistent || !anomalies.isEmpty {
            try rebuildFlat()
        }
    }

    private func countIsConsistent(_ reference: PDFReference, depth: Int) throws -> Bool {
        guard depth < 64 else { return false }
        let dictionary = try node(reference)
        if dictionary.type == "Page" { return true }
        guard let kids = try file.resolve(dictionary["Kids"] ?? .null).arrayValue else { return false }
        var total = 0
        for kid in kids {
            guard let ref = kid.referenceValue, let child = try file.dictionary(kid) else { return false }
            if PageTree.isLeaf(child) {
                guard child["Parent"]?.referenceValue?.number == reference.number else { return false }
                total += 1
            } else {
                guard try countIsConsistent(ref, depth: depth + 1) else { return false }
                let count = child["Count"]?.integerValue ?? 0
                guard count >= 0, count <= file.limits.maxPageCount else { return false }
                total += count
            }
        }
        return total == dictionary["Count"]?.integerValue
    }

    /// Makes the root `/Pages` node the direct parent of every page, in the current order.
    private func rebuildFlat() throws {
        let pages = try flatten()
        let rootRef = try rootReference()
        for page in pages { try materializeInheritedAttributes(of: page) }
        var root = try node(rootRef)
        root["Type"] = .name("Pages")
        root["Kids"] = .array(pages.map { .reference($0) })
        root["Count"] = .integer(pages.count)
        root["Parent"] = nil
        for key in PageTree.inheritableKeys { root[key] = nil }
        file.update(rootRef, with: .dictionary(root))
        for page in pages {
            var dictionary = try node(page)
            dictionary["Parent"] = .reference(rootRef)
            file.update(page, with: .dictionary(dictionary))
        }
        invalidate()
    }
}
