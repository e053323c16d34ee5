import PDFCore

/// Annotations in a tagged document (ISO 32000-2, 14.7 and 14.8): each annotation Marginalia
/// writes gets its place in the structure tree, so that assistive technology meets it in
/// reading order and reads its description: an `Annot` structure element (a `Link` one for
/// a link) whose content is the annotation (an object reference, 14.7.5.3), with the
/// annotation's `/Contents` as its `/Alt`, under the tree's top element; and the
/// annotation's `/StructParent` key in the parent tree (14.7.5.4). Removing the annotation
/// removes both. An untagged document is left untagged.
extension PDFDocument {
    /// Whether the document is tagged: its catalog has a structure tree, and `/MarkInfo`
    /// does not say it is unmarked.
    var isTagged: Bool {
        guard let catalog = try? file.catalog(), let root = try? file.dictionary(catalog["StructTreeRoot"]),
              root["Type"]?.nameValue == nil || root["Type"]?.nameValue == "StructTreeRoot" else { return false }
        let marked = (try? file.dictionary(catalog["MarkInfo"]))?["Marked"]
        return marked != .bool(false)
    }

    /// Gives the annotation `reference` on `page` (whose dictionary is `dictionary`, about to be
    /// stored) its structure element, or brings the element's `/Alt` up to date when it has
    /// one. Nothing for an untagged document or a popup, which belongs to its parent.
    func tag(_ dictionary: inout PDFDictionary, reference: PDFReference, page: PDFReference) throws {
        guard isTagged, dictionary["Subtype"]?.nameValue != AnnotationSubtype.popup.pdfName else { return }
        let alt: PDFObject? = dictionary["Contents"].flatMap { contents in
            if case .string(let bytes) = contents, bytes.isEmpty { return nil }
            return contents
        }
        var tree = try StructureTree(document: self)
        if case .integer(let key)? = dictionary["StructParent"], let element = try tree.element(forKey: key),
           var elementDictionary = try file.dictionary(.reference(element)) {
            guard elementDictionary["Alt"] != alt else { return }
            elementDictionary["Alt"] = alt
            file.update(element, with: .dictionary(elementDictionary))
            return
        }
        // The structure type (14.8.4.7.2): Link for links, Annot for the other annotations.
        let type = dictionary["Subtype"]?.nameValue == AnnotationSubtype.link.pdfName ? "Link" : "Annot"
        let parent = try tree.topElement()
        var element = PDFDictionary([
            ("Type", .name("StructElem")), ("S", .name(type)), ("P", .reference(parent.reference)),
            ("Pg", .reference(page)),
            ("K", .dictionary(PDFDictionary([("Type", .name("OBJR")), ("Obj", .reference(reference)),
                                             ("Pg", .reference(page))]))),
        ])
        element["Alt"] = alt
        let elementReference = file.add(.dictionary(element))
        try tree.append(elementReference, to: parent)
        dictionary["StructParent"] = .integer(try tree.addParentTreeEntry(elementReference))
    }

    /// Removes the structure elements of these annotations (by their `/StructParent`), and
    /// their parent tree entries.
    func untag(_ annotations: [PDFAnnotation]) throws {
        let keys = annotations.compactMap { $0.dictionary["StructParent"]?.integerValue }
        guard !keys.isEmpty, isTagged else { return }
        var tree = try StructureTree(document: self)
        for key in keys {
            guard let element = try tree.element(forKey: key) else { continue }
            try tree.removeParentTreeEntry(key)
            try tree.detach(element)
            file.delete(element)
        }
    }
}

/// The parts of a document's structure tree that annotations touch, read and written in place.
private struct StructureTree {
    let file: PDFFile
    /// The tree root, and its own object (nil when the catalog holds it directly).
    var root: PDFDictionary
    let rootReference: PDFReference?

    init(document: PDFDocument) throws {
        file = document.file
        let catalog = try file.catalog()
        rootReference = catalog["StructTreeRoot"]?.referenceValue
        guard let root = try file.dictionary(catalog["StructTreeRoot"]) else {
            throw PDFError.invalidObject(nil, message: "the document has no structure tree")
        }
        self.root = root
    }

    /// Stores the tree root where it was: its own object, or inside the catalog.
    mutating func storeRoot() throws {
        if let rootReference {
            file.update(rootReference, with: .dictionary(root))
        } else if let catalogReference = file.trailer["Root"]?.referenceValue {
            var catalog = try file.catalog()
            catalog["StructTreeRoot"] = .dictionary(root)
            file.update(catalogReference, with: .dictionary(catalog))
        }
    }

    /// The element new annotations go under: the root's only child when it is an element in
    /// an object of its own (the `Document` element most tagged files have), else the root
    /// itself (its dictionary nil), whose `/K` may hold several elements (14.7.2).
    func topElement() throws -> (reference: PDFReference, dictionary: PDFDictionary?) {
        let kids = try file.resolve(root["K"] ?? .null)
        let only: PDFObject? = {
            if case .array(let items) = kids { return items.count == 1 ? items[0] : nil }
            return root["K"]
        }()
        if let reference = only?.referenceValue, let element = try file.dictionary(.reference(reference)),
           element["S"] != nil {
            return (reference, element)
        }
        guard let rootReference else {
            throw PDFError.invalidObject(nil, message: "the structure tree root is not an object of its own and has no single top element")
        }
        return (rootReference, nil)
    }

    /// Appends `element` to the `/K` of `parent` (the root when its dictionary is nil).
    mutating func append(_ element: PDFReference, to parent: (reference: PDFReference, dictionary: PDFDictionary?)) throws {
        var holder = parent.dictionary ?? root
        var kids: [PDFObject]
        switch try file.resolve(holder["K"] ?? .null) {
        case .array(let items): kids = items
        case .null: kids = []
        default: kids = [holder["K"]!]
        }
        kids.append(.reference(element))
        if let arrayReference = holder["K"]?.referenceValue, case .array = try file.object(for: arrayReference) {
            file.update(arrayReference, with: .array(kids))
            return
        }
        holder["K"] = .array(kids)
        if parent.dictionary == nil {
            root = holder
            try storeRoot()
        } else {
            file.update(parent.reference, with: .dictionary(holder))
        }
    }

    /// Removes `element` from its parent's `/K`.
    mutating func detach(_ element: PDFReference) throws {
        guard let dictionary = try file.dictionary(.reference(element)),
              let parentReference = dictionary["P"]?.referenceValue,
              var parent = try file.dictionary(.reference(parentReference)) else { return }
        let isElement: (PDFObject) -> Bool = { $0.referenceValue?.number == element.number }
        let kids = parent["K"] ?? .null
        if isElement(kids) {
            parent["K"] = nil
        } else if case .array(var items) = try file.resolve(kids) {
            items.removeAll(where: isElement)
            if let arrayReference = kids.referenceValue {
                file.update(arrayReference, with: .array(items))
                return
            }
            parent["K"] = .array(items)
        } else {
            return
        }
        if parentReference == rootReference { root = parent }
        file.update(parentReference, with: .dictionary(parent))
    }

    // MARK: - The parent tree (a number tree, 7.9.7)

    /// The element the parent tree gives for `key`, when it is one.
    func element(forKey key: Int) throws -> PDFReference? {
        try file.numberTreeEntries(root["ParentTree"]).first { $0.key == key }?.value.referenceValue
    }

    /// Adds `element` to the parent tree under a new key, past every key in use, and returns
    /// the key. The root node takes it in its `/Nums`, or, when it has `/Kids`, a new leaf.
    mutating func addParentTreeEntry(_ element: PDFReference) throws -> Int {
        let key = try nextKey()
        let entry: [PDFObject] = [.integer(key), .reference(element)]
        if var tree = try file.dictionary(root["ParentTree"]) {
            if tree["Kids"] != nil, tree["Nums"] == nil {
                let leaf = file.add(.dictionary(PDFDictionary([("Limits", .array([.integer(key), .integer(key)])),
                                                               ("Nums", .array(entry))])))
                var kids = try file.resolve(tree["Kids"] ?? .null).arrayValue ?? []
                kids.append(.reference(leaf))
                tree["Kids"] = .array(kids)
            } else {
                tree["Nums"] = .array((try file.resolve(tree["Nums"] ?? .null).arrayValue ?? []) + entry)
            }
            try storeParentTree(tree)
        } else {
            root["ParentTree"] = .reference(file.add(.dictionary(PDFDictionary([("Nums", .array(entry))]))))
        }
        root["ParentTreeNextKey"] = .integer(key + 1)
        try storeRoot()
        return key
    }

    /// Removes the entry `key` from the leaf of the parent tree that holds it (a leaf in an
    /// object of its own, or the root; a leaf held directly inside another node is left).
    mutating func removeParentTreeEntry(_ key: Int) throws {
        guard let leafObject = try file.numberTreeEntries(root["ParentTree"]).first(where: { $0.key == key })?.leaf,
              var leaf = try file.dictionary(leafObject),
              let nums = try file.resolve(leaf["Nums"] ?? .null).arrayValue else { return }
        var kept: [PDFObject] = []
        var index = 0
        while index + 1 < nums.count {
            if nums[index].integerValue != key { kept += [nums[index], nums[index + 1]] }
            index += 2
        }
        leaf["Nums"] = .array(kept)
        if let reference = leafObject.referenceValue {
            file.update(reference, with: .dictionary(leaf))
        } else if leafObject == root["ParentTree"] {
            try storeParentTree(leaf)
        }
    }

    /// The key a new entry takes: `/ParentTreeNextKey`, or one past the largest key the
    /// parent tree holds, whichever is larger.
    private func nextKey() throws -> Int {
        let largest = try file.numberTreeEntries(root["ParentTree"]).map(\.key).filter { $0 < Int.max }.max()
        return max(root["ParentTreeNextKey"]?.integerValue ?? 0, largest.map { $0 + 1 } ?? 0)
    }

    private mutating func storeParentTree(_ tree: PDFDictionary) throws {
        if let reference = root["ParentTree"]?.referenceValue {
            file.update(reference, with: .dictionary(tree))
        } else {
            root["ParentTree"] = .dictionary(tree)
            try storeRoot()
        }
    }
}
