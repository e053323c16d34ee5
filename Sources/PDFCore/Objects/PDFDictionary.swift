/// A PDF dictionary that keeps its keys in insertion order, so rewritten objects read
/// like the originals and output is deterministic. Setting `.null` removes a key (7.3.7).
///
/// Keys are Swift strings and compare as they do (canonical equivalence), in the array as in
/// the hash index. Entries live in one array, searched linearly: almost every dictionary in
/// a PDF has a handful of keys, for which comparing short keys beats hashing them, and a
/// parser builds millions of dictionaries. Each entry carries its key's ``KeyTag`` (an ASCII
/// key's length and first seven bytes in one word), so the search compares one word per
/// entry and compares strings only for long keys that share their first seven bytes and for
/// keys that are not ASCII. Past ``indexThreshold`` entries
/// (name trees flattened into one dictionary, resource dictionaries of large documents) a
/// hash index is kept as well, so lookups stay constant-time.
public struct PDFDictionary: Hashable, Sendable, Sequence {
    fileprivate struct Entry: Sendable {
        var key: String
        var value: PDFObject
        let tag: KeyTag
    }

    private var entries: [Entry] = []
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
        return position(of: key, tag: KeyTag(key))
    }

    private func position(of key: String, tag: KeyTag) -> Int? {
        guard !tag.comparesAsString else { return entries.firstIndex { $0.key == key } }
        for i in entries.indices {
            let other = entries[i].tag
            if other == tag {
                if tag.isWholeKey || entries[i].key == key { return i }
            } else if other.comparesAsString && entries[i].key == key {
                return i
            }
        }
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
            let tag = KeyTag(key)
            if let i = index == nil ? position(of: key, tag: tag) : index?[key] {
                entries[i].value = newValue
                return
            }
            entries.append(Entry(key: key, value: newValue, tag: tag))
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
        fileprivate var entries: IndexingIterator<[Entry]>
        public mutating func next() -> (key: String, value: PDFObject)? {
            entries.next().map { ($0.key, $0.value) }
        }
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

/// An ASCII dictionary key's length and first seven bytes in one word: two ASCII keys with
/// different tags differ, and two of at most seven bytes with equal tags are equal. A key
/// that is not ASCII, or longer than 254 bytes, has the tag of every such key
/// (``comparesAsString``) and is compared as a string: Swift's strings are equal by canonical
/// equivalence, under which a key that is not ASCII can equal an ASCII one (the Kelvin sign
/// U+212A is "K").
struct KeyTag: Equatable, Sendable {
    let bits: UInt64
    private static let stringCompared = KeyTag(bits: 0xFF &<< 56)

    private init(bits: UInt64) { self.bits = bits }

    init(_ key: String) {
        // A native string (a parsed name, a literal) lends its bytes; iterating its UTF-8
        // view cost five times as much.
        self = key.utf8.withContiguousStorageIfAvailable { KeyTag(bytes: $0) } ?? KeyTag(bytes: Array(key.utf8))
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard count < 255 else {
            self = Self.stringCompared
            return
        }
        var bits = UInt64(truncatingIfNeeded: count) &<< 56
        var high: UInt8 = 0
        for i in 0..<count {
            let byte = bytes[i]
            high |= byte
            if i < 7 { bits |= UInt64(byte) &<< UInt64(8 &* i) }
        }
        self = high < 0x80 ? KeyTag(bits: bits) : Self.stringCompared
    }

    private init(bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { KeyTag(bytes: $0) }
    }

    /// True when the tag holds every byte of its key, so an equal tag means an equal key.
    var isWholeKey: Bool { bits >> 56 <= 7 }
    /// True for the tag of a key that is compared as a string (not ASCII, or very long).
    var comparesAsString: Bool { bits >> 56 == 0xFF }
}
