import PDFCore

/// Finds pages in the page tree (ISO 32000-2, 7.7.3) and edits it.
///
/// Page N is found by descending from the root with each node's `/Count`, loading O(depth)
/// dictionaries. When the counts are inconsistent (a damaged or hand-edited file) the tree
/// is walked once instead and the walk's order is used from then on. A node met again among
/// its own ancestors is a loop and is skipped; a page reached along two paths is two pages
/// sharing one object, until an edit separates them (``separateRepeatedPages(copying:)``); a
/// deep but finite tree is walked whatever its depth (without recursion). A catalog whose `/Pages` is a direct dictionary is read as it is and made an
/// object of its own on the first edit.
final class PageTree {
    let file: PDFFile
    /// Set when `/Count` cannot be trusted: every page's reference, in order.
    private var flattened: [PDFReference]?
    /// What the last walk of the whole tree read past: a page listed more than once, a node
    /// met again (a loop). `marginalia check` reports them.
    private(set) var anomalies: [String] = []
    /// The root's `/Count` found plausible, with what it was judged on (root object, count,
    /// number of kids), so that finding each of N pages does not check N kids again.
    private var trustedRoot: (number: Int, count: Int, kids: Int)?

    init(file: PDFFile) {
        self.file = file
    }

    /// The reference of the root `/Pages` node: ``directRoot`` when the catalog holds it as a
    /// direct dictionary.
    func rootReference() throws -> PDFReference {
        let pages = try file.catalog()["Pages"]
        if let root = pages?.referenceValue { return root }
        if pages?.dictionaryValue != nil { return Self.directRoot }
        throw PDFError.invalidObject(nil, message: "the catalog has no /Pages tree")
    }

    /// Stands for a root `/Pages` written as a direct dictionary in the catalog (object 0 is
    /// always free, so no object of a file has this reference).
    static let directRoot = PDFReference(0, 0)

    /// A node of the tree as a dictionary: the direct root, or an object; nil when it is not
    /// a dictionary.
    func treeNode(_ reference: PDFReference) throws -> PDFDictionary? {
        if reference == Self.directRoot { return try file.catalog()["Pages"]?.dictionaryValue }
        return try file.dictionary(.reference(reference))
    }

    /// Before an edit: a direct root becomes an object of its own that the catalog names
    /// (kids cannot name a direct dictionary as their `/Parent`).
    func makeRootIndirect() throws {
        guard try rootReference() == Self.directRoot, let pages = try treeNode(Self.directRoot),
              let catalogReference = file.trailer["Root"]?.referenceValue else { return }
        let root = file.add(.dictionary(pages))
        var catalog = try file.catalog()
        catalog["Pages"] = .reference(root)
        file.update(catalogReference, with: .dictionary(catalog))
        invalidate()
    }

    /// The number of pages. None at all, in a file that holds pages, means the file is
    /// damaged: PDFCore repairs it by scanning (``PDFFile/repairLostPages()``) and the tree is
    /// read again.
    func count() throws -> Int {
        let total: Int
        do {
            total = try countFromTree()
        } catch let error as PDFError {
            if case .limitExceeded = error { throw error }
            guard try file.repairLostPages() else { throw error }
            invalidate()
            return try countFromTree()
        }
        if total == 0, try file.repairLostPages() {
            invalidate()
            return try countFromTree()
        }
        return total
    }

    private func countFromTree() throws -> Int {
        if let flattened { return flattened.count }
        let rootRef = try rootReference()
        let root = try treeNode(rootRef) ?? PDFDictionary()
        if root.type == "Page" { return 1 }  // a catalog pointing straight at a page
        if let count = root["Count"]?.integerValue, count >= 0, count <= file.limits.maxPageCount {
            let kids = (try file.resolve(root["Kids"] ?? .null).arrayValue?.count) ?? -1
            if let trusted = trustedRoot, trusted == (rootRef.number, count, kids) { return count }
            if try countIsPlausible(root, count) {
                trustedRoot = (rootRef.number, count, kids)
                return count
            }
        }
        return try flatten().count
    }

    /// Whether a node's `/Count` can be trusted without walking the tree. Every kid holds
    /// at least one page, so a node with more kids than its count is wrong. A node with as
    /// many kids as its count has only leaves (the common flat tree of thousands of pages:
    /// nothing more is loaded). Otherwise the kids are loaded, one level only, and their
    /// counts must add up.
    func countIsPlausible(_ node: PDFDictionary, _ count: Int) throws -> Bool {
        guard let kids = try file.resolve(node["Kids"] ?? .null).arrayValue else { return count == 0 }
        let references = kids.compactMap(\.referenceValue?.number)
        let distinct = Set(references)
        // A kid that is the node itself or repeats another is a loop: count by walking.
        if let own = try? rootReference().number, distinct.contains(own) { return false }
        if distinct.count != references.count { return false }
        if kids.count == count { return true }
        if kids.count > count { return false }
        var total = 0
        for kid in kids {
            guard let child = try file.dictionary(kid) else { return false }
            if PageTree.isLeaf(child) {
                total += 1
            } else {
                guard let c = child["Count"]?.integerValue, c >= 0, c <= file.limits.maxPageCount else { return false }
                total += c
            }
        }
        return total == count
    }

    /// A page object rather than an intermediate node (a missing /Type is judged by /Kids).
    static func isLeaf(_ node: PDFDictionary) -> Bool {
        node.type == "Page" || (node.type != "Pages" && node["Kids"] == nil)
    }

    /// The reference of the page at `index` (0-based) and its attributes inherited from
    /// ancestors (`/Resources`, `/MediaBox`, `/CropBox`, `/Rotate`).
    func page(at index: Int) throws -> (reference: PDFReference, inherited: PDFDictionary) {
        let total = try count()
        guard index >= 0 && index < total else {
            throw PDFError.invalidArgument("page \(index + 1) is out of range (the document has \(total) pages)")
        }
        if let flattened { return (flattened[index], try inheritedAttributes(of: flattened[index])) }
        if let found = try descend(to: index) { return found }
        let pages = try flatten()
        guard index < pages.count else {
            throw PDFError.invalidArgument("page \(index + 1) is out of range (the document has \(pages.count) pages)")
        }
        return (pages[index], try inheritedAttributes(of: pages[index]))
    }

    static let inheritableKeys = ["Resources", "MediaBox", "CropBox", "Rotate"]

    /// Descends by `/Count`; nil when the counts do not lead to a page.
    private func descend(to index: Int) throws -> (PDFReference, PDFDictionary)? {
        var nodeRef = try rootReference()
        var remaining = index
        var inherited = PDFDictionary()
        var visited = Set<Int>()
        for _ in 0..<file.limits.maxTreeDepth {
            guard visited.insert(nodeRef.number).inserted, let node = try treeNode(nodeRef) else { return nil }
            for key in PageTree.inheritableKeys { if let v = node[key] { inherited[key] = v } }
            if node.type == "Page" || node["Kids"] == nil {
                return remaining == 0 ? (nodeRef, inherited) : nil
            }
            guard let kids = try file.resolve(node["Kids"] ?? .null).arrayValue else { return nil }
            var next: PDFReference? = nil
            // As many kids as pages: each kid is a page, so go straight to the one wanted.
            if kids.count == node["Count"]?.integerValue, remaining < kids.count,
               let kidRef = kids[remaining].referenceValue, let child = try file.dictionary(kids[remaining]),
               PageTree.isLeaf(child) {
                nodeRef = kidRef
                remaining = 0
                continue
            }
            for kid in kids {
                guard let kidRef = kid.referenceValue, let child = try file.dictionary(kid) else { continue }
                let size = PageTree.isLeaf(child) ? 1 : (child["Count"]?.integerValue ?? -1)
                guard size >= 0 else { return nil }
                if remaining < size {
                    next = kidRef
                    break
                }
                remaining -= size
            }
            guard let next else { return nil }
            nodeRef = next
        }
        return nil
    }

    /// Walks the whole tree once, in order, skipping loops; used when `/Count` lies.
    ///
    /// A loop is a node met again among its own ancestors (the nodes on the path from the
    /// root), and only that is skipped: a node or page reachable along two paths (a /Kids
    /// that repeats an entry, two parents sharing a node) is read each time, as qpdf and
    /// MuPDF read it, so the same page object may stand at several places of the list
    /// (``sharesPages``). The walk keeps its own stack, so a deep tree (a chain of thousands
    /// of single kids) costs memory for its nodes, not the thread's stack. Every node entered
    /// counts against ``PDFLimits/maxPageCount`` as a page does, so a tree that shares nodes
    /// to multiply its pages ends as well.
    @discardableResult
    func flatten() throws -> [PDFReference] {
        if let flattened { return flattened }
        var pages: [PDFReference] = []
        var seenPages = Set<Int>()
        var seenNodes = Set<Int>()
        var repeatedPages: [Int] = [], sharedNodes: [Int] = [], loops: [Int] = []
        var entered = 0
        // The path from the root: each node with the kids still to read, last one on top.
        var path: [(node: Int, kids: ArraySlice<PDFReference>)] = []
        var onPath = Set<Int>()
        var next: PDFReference? = try rootReference()
        while true {
            if let ref = next {
                next = nil
                if let node = try treeNode(ref) {
                    if PageTree.isLeaf(node) {
                        if !seenPages.insert(ref.number).inserted { repeatedPages.append(ref.number) }
                        pages.append(ref)
                    } else if onPath.contains(ref.number) {
                        loops.append(ref.number)
                    } else {
                        if !seenNodes.insert(ref.number).inserted { sharedNodes.append(ref.number) }
                        let kids = try file.resolve(node["Kids"] ?? .null).arrayValue ?? []
                        path.append((ref.number, ArraySlice(kids.compactMap(\.referenceValue))))
                        onPath.insert(ref.number)
                    }
                    entered += 1
                    if pages.count > file.limits.maxPageCount || entered > 2 * file.limits.maxPageCount {
                        throw PDFError.limitExceeded("more than \(file.limits.maxPageCount) pages (maxPageCount)", limit: .maxPageCount, max: file.limits.maxPageCount)
                    }
                }
            }
            guard let top = path.indices.last else { break }
            if let kid = path[top].kids.first {
                path[top].kids = path[top].kids.dropFirst()
                next = kid
            } else {
                onPath.remove(path.removeLast().node)
            }
        }
        flattened = pages
        // One note per object, however many times the tree names it.
        anomalies = Self.distinct(repeatedPages).map { "page tree: object \($0) is listed as a page more than once (counted each time)" }
            + Self.distinct(sharedNodes).map { "page tree: node \($0) is reached from more than one parent (its pages counted each time)" }
            + Self.distinct(loops).map { "page tree: node \($0) is met again (a loop): skipped" }
        return pages
    }

    private static func distinct(_ numbers: [Int]) -> [Int] {
        var seen = Set<Int>()
        return numbers.filter { seen.insert($0).inserted }
    }

    /// Whether the tree stands one page object at more than one place (a repeated kid, a
    /// shared node): those places share the object until an edit separates them
    /// (``PDFDocument/separateSharedPages(walking:)``).
    ///
    /// A tree whose root `/Count` was found plausible (no kid repeated at the root, counts
    /// that add up a level down) is taken for a tree, as finding a page by `/Count` takes it,
    /// unless it was walked already: an annotation edit of a sound file of thousands of
    /// pages loads no more of it than before.
    var sharesPages: Bool {
        get throws {
            _ = try count()
            if flattened == nil, trustedRoot != nil { return false }
            let pages = try flatten()
            return Set(pages.map(\.number)).count != pages.count
        }
    }

    /// The attributes a page inherits, found by climbing `/Parent` (used after flattening);
    /// a direct root, which no `/Parent` can name, gives its attributes first.
    func inheritedAttributes(of page: PDFReference) throws -> PDFDictionary {
        var chain: [PDFDictionary] = []
        var current: PDFReference? = page
        var visited = Set<Int>()
        while let ref = current, visited.insert(ref.number).inserted {
            guard let node = try file.dictionary(.reference(ref)) else { break }
            chain.append(node)
            current = node["Parent"]?.referenceValue
        }
        if try rootReference() == Self.directRoot, let root = try treeNode(Self.directRoot) { chain.append(root) }
        var inherited = PDFDictionary()
        for node in chain.reversed() {
            for key in PageTree.inheritableKeys { if let v = node[key] { inherited[key] = v } }
        }
        return inherited
    }

    /// Forgets the flattened order after an edit of the tree.
    func invalidate() {
        flattened = nil
        trustedRoot = nil
    }
}
