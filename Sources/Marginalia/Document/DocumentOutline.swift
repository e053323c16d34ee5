import PDFCore

/// One entry of a document's outline, its bookmarks (ISO 32000-2, 12.3.3).
public struct OutlineItem: Sendable, Equatable {
    /// The entry's title as the reader sees it (`/Title`, a text string).
    public var title: String
    /// The page the entry goes to (0-based), or nil when its destination names no page of the
    /// document (a link to the web, another file, a missing named destination).
    public var pageIndex: Int?
    /// Whether the entry's children are shown open (`/Count` positive).
    public var isOpen: Bool
    /// The entries nested under this one, in order.
    public var children: [OutlineItem]

    public init(title: String, pageIndex: Int?, isOpen: Bool = false, children: [OutlineItem] = []) {
        self.title = title
        self.pageIndex = pageIndex
        self.isOpen = isOpen
        self.children = children
    }
}

extension PDFDocument {
    /// The most outline entries read; the rest of a larger (or looping) outline is left out.
    public static let maximumOutlineItems = 20_000

    /// The document's outline (`/Outlines` in the catalog): titles, nesting and the page
    /// each entry goes to, from its `/Dest` or a GoTo action's `/D`, explicit or named
    /// (the catalog's `/Dests` or its `/Names` `/Dests` name tree). Empty when the document
    /// has none. Entries that loop back, or lie deeper than 64 levels, are left out.
    public func outline() throws -> [OutlineItem] {
        guard let root = try file.dictionary(try file.catalog()["Outlines"]) else { return [] }
        var reader = OutlineReader(file: file, pages: try pageTree.flatten())
        return try reader.children(of: root, depth: 0)
    }
}

/// Walks an outline tree once, guarding against loops and resolving destinations to pages.
struct OutlineReader {
    let file: PDFFile
    let pageIndexes: [Int: Int]
    var visited = Set<Int>()
    var count = 0
    var namedDestinations: [String: PDFObject]?

    init(file: PDFFile, pages: [PDFReference]) {
        self.file = file
        var indexes: [Int: Int] = [:]
        for (index, page) in pages.enumerated() where indexes[page.number] == nil { indexes[page.number] = index }
        pageIndexes = indexes
    }

    mutating func children(of node: PDFDictionary, depth: Int) throws -> [OutlineItem] {
        guard depth < 64 else { return [] }
        var items: [OutlineItem] = []
        var next = node["First"]
        while let link = next, count < PDFDocument.maximumOutlineItems {
            if let reference = link.referenceValue {
                guard visited.insert(reference.number).inserted else { break }
            }
            guard let entry = try file.dictionary(link) else { break }
            count += 1
            let title = entry["Title"].flatMap { (try? file.resolve($0))?.stringBytes }.map(PDFTextString.decode) ?? ""
            items.append(OutlineItem(
                title: title, pageIndex: try destinationPage(of: entry),
                isOpen: (entry["Count"]?.integerValue ?? 0) > 0,
                children: try children(of: entry, depth: depth + 1)))
            next = entry["Next"]
        }
        return items
    }

    /// The page of an entry's `/Dest`, else of its GoTo action's `/D`.
    mutating func destinationPage(of entry: PDFDictionary) throws -> Int? {
        if let dest = entry["Dest"] { return try page(ofDestination: dest, depth: 0) }
        guard let action = try file.dictionary(entry["A"]), action["S"]?.nameValue == "GoTo", let dest = action["D"] else { return nil }
        return try page(ofDestination: dest, depth: 0)
    }

    /// An explicit destination (`[page /XYZ …]`), a name or string naming one, or a
    /// dictionary holding one under `/D`.
    mutating func page(ofDestination object: PDFObject, depth: Int) throws -> Int? {
        guard depth < 4 else { return nil }
        let value = try file.resolve(object)
        if let array = value.arrayValue, let target = array.first {
            if let reference = target.referenceValue { return pageIndexes[reference.number] }
            // A page number instead of a page (as remote destinations write it; some files do here).
            if let number = target.integerValue, number >= 0, number < pageIndexes.count { return number }
            return nil
        }
        if let dictionary = value.dictionaryValue, let inner = dictionary["D"] { return try page(ofDestination: inner, depth: depth + 1) }
        let name = value.nameValue ?? value.stringBytes.map(Self.key)
        guard let name, let named = try named(name) else { return nil }
        return try page(ofDestination: named, depth: depth + 1)
    }

    /// A named destination, from the catalog's `/Dests` dictionary or `/Names` `/Dests` tree.
    mutating func named(_ name: String) throws -> PDFObject? {
        if namedDestinations == nil {
            var all: [String: PDFObject] = [:]
            let catalog = try file.catalog()
            if let dests = try file.dictionary(catalog["Dests"]) {
                for (key, value) in dests { all[key] = value }
            }
            if let names = try file.dictionary(catalog["Names"]), let tree = try file.dictionary(names["Dests"]) {
                var seen = Set<Int>()
                try collect(tree, into: &all, depth: 0, seen: &seen)
            }
            namedDestinations = all
        }
        return namedDestinations?[name]
    }

    /// A string's bytes as a dictionary key, one character per byte (names are compared as
    /// bytes, whatever their encoding).
    static func key(_ bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    private func collect(_ node: PDFDictionary, into all: inout [String: PDFObject], depth: Int, seen: inout Set<Int>) throws {
        guard depth < 32, all.count < 1_000_000 else { return }
        if let pairs = try file.resolve(node["Names"] ?? .null).arrayValue {
            var i = 0
            while i + 1 < pairs.count {
                if let key = try file.resolve(pairs[i]).stringBytes { all[Self.key(key)] = pairs[i + 1] }
                i += 2
            }
        }
        for kid in try file.resolve(node["Kids"] ?? .null).arrayValue ?? [] {
            if let reference = kid.referenceValue, !seen.insert(reference.number).inserted { continue }
            if let child = try file.dictionary(kid) { try collect(child, into: &all, depth: depth + 1, seen: &seen) }
        }
    }
}
