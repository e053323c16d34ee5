/// One entry of a number tree: its key, its value, and the node (leaf) whose `/Nums` holds it.
public struct NumberTreeEntry {
    public let key: Int
    public let value: PDFObject
    /// The leaf as it is referred to: a reference to its object, or the node itself when it
    /// is held directly (the tree's root given directly).
    public let leaf: PDFObject
}

extension PDFFile {
    /// The entries of the number tree `root` (ISO 32000-2, 7.9.7), in the order its nodes
    /// list them. Damage is read past: a node is read once (a kid met again, a loop or a node
    /// listed twice, is skipped, so a node naming itself twice as a kid costs one visit, not
    /// 2^32), at most 32 levels deep, and a key that is not an integer is left out.
    public func numberTreeEntries(_ root: PDFObject?) throws -> [NumberTreeEntry] {
        guard let root else { return [] }
        var entries: [NumberTreeEntry] = []
        var seen = Set<Int>()
        func visit(_ node: PDFObject, depth: Int) throws {
            guard depth < 32 else { return }
            if let reference = node.referenceValue, !seen.insert(reference.number).inserted { return }
            guard let dictionary = try self.dictionary(node) else { return }
            if let nums = try resolve(dictionary["Nums"] ?? .null).arrayValue {
                var index = 0
                while index + 1 < nums.count {
                    if let key = nums[index].integerValue { entries.append(NumberTreeEntry(key: key, value: nums[index + 1], leaf: node)) }
                    index += 2
                }
            }
            for kid in try resolve(dictionary["Kids"] ?? .null).arrayValue ?? [] { try visit(kid, depth: depth + 1) }
        }
        try visit(root, depth: 0)
        return entries
    }
}
