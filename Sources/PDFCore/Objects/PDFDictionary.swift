/// A PDF dictionary that keeps its keys in insertion order, so rewritten objects read
/// like the originals and output is deterministic. Setting `.null` removes a key (7.3.7).
///
/// Entries live in one array, searched linearly: almost every dictionary in a PDF has a
/// handful of keys, for which comparing short keys beats hashing them, and a parser builds
/// millions of dictionaries. Past ``indexThreshold`` entries (name trees flattened into
/// one dictionary, resource dictionaries of large documents) a hash index is kept as well,
/// so lookups stay constant-time.
public struct PDFDictionary: Hashable, Sendable, Sequence {
    private var entries: [(key: String, value: PDFObject)] = []
    /// Key -> position in `entries`, once there are more than `indexThreshold` entries.
    private var index: [String: Int]?

    static let indexThreshold = 16

    public init() {}

    public init(_ pairs: KeyValuePairs<String, PDFObject>) {
        for (key, value) in pairs { self[key] = value }
    }

    public init(_ pairs: [(String, PDFObject)]) {
        for (key, value) in pairs { self[key] = value }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        // Comparing lengths first skips most keys without a full string comparison.
        let length = key.utf8.count
        for i in entries.indices where entries[i].key.utf8.count == length && entries[i].key == key { return i }
        return nil
    }

    public subscript(key: String) -> PDFObject? {
        get { position(of: key).map { entries[$0].value } }
        set {
            guard let newValue, !newValue.isNull else {
                if let i = position(of: key) {
                    entries.remove(at: i)
                    if index != nil { rebuildIndex() }
                }
                return
            }
            if let i = position(of: key) {
                entries[i].value = newValue
                return
            }
            entries.append((key, newValue))
            if index != nil {
                index?[key] = entries.count - 1
            } else if entries.count > Self.indexThreshold {
                rebuildIndex()
            }
        }
    }

    /// Appends `item` to the array under `key` (made when missing) without copying the array
    /// when nothing else holds it; a value that is not an array is left as it is.
    mutating func appendInPlace(_ item: PDFObject, toArrayUnder key: String) {
        guard let i = position(of: key) else {
            self[key] = .array([item])
            return
        }
        entries[i].value.appendInPlace(item, under: nil)
    }

    /// Cuts the array under `key` back to `count` items; nil removes the key.
    mutating func truncateArray(under key: String, to count: Int?) {
        guard let count else {
            self[key] = nil
            return
        }
        guard let i = position(of: key) else { return }
        entries[i].value.truncateArray(under: nil, to: count)
    }

    private mutating func rebuildIndex() {
        guard entries.count > Self.indexThreshold else {
            index = nil
            return
        }
        var positions = [String: Int](minimumCapacity: entries.count)
        for (i, entry) in entries.enumerated() { positions[entry.key] = i }
        index = positions
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    public var orderedKeys: [String] { entries.map(\.key) }

    public struct Iterator: IteratorProtocol {
        fileprivate var entries: IndexingIterator<[(key: String, value: PDFObject)]>
        public mutating func next() -> (key: String, value: PDFObject)? { entries.next() }
    }

    public func makeIterator() -> Iterator { Iterator(entries: entries.makeIterator()) }

    /// The value of `/Type`, if it is a name.
    public var type: String? { self["Type"]?.nameValue }

    /// Equal when they hold the same keys with equal values, in any order.
    public static func == (lhs: PDFDictionary, rhs: PDFDictionary) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }

    /// Combines the entries' hashes in a way that ignores their order, as `==` does.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for entry in entries {
            var entryHasher = Hasher()
            entryHasher.combine(entry.key)
            entryHasher.combine(entry.value)
            combined ^= entryHasher.finalize()
        }
        hasher.combine(entries.count)
        hasher.combine(combined)
    }
}
