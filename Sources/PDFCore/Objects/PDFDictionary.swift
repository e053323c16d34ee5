/// A PDF dictionary that keeps its keys in insertion order, so rewritten objects read
/// like the originals and output is deterministic. Setting `.null` removes a key (7.3.7).
public struct PDFDictionary: Hashable, Sendable, Sequence {
    private var keys: [String] = []
    private var storage: [String: PDFObject] = [:]

    public init() {}

    public init(_ pairs: KeyValuePairs<String, PDFObject>) {
        for (key, value) in pairs { self[key] = value }
    }

    public init(_ pairs: [(String, PDFObject)]) {
        for (key, value) in pairs { self[key] = value }
    }

    public subscript(key: String) -> PDFObject? {
        get { storage[key] }
        set {
            guard let newValue, !newValue.isNull else {
                if storage.removeValue(forKey: key) != nil { keys.removeAll { $0 == key } }
                return
            }
            if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
        }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }
    public var orderedKeys: [String] { keys }

    public func makeIterator() -> AnyIterator<(key: String, value: PDFObject)> {
        var index = 0
        return AnyIterator {
            guard index < keys.count else { return nil }
            defer { index += 1 }
            let key = keys[index]
            return (key, storage[key] ?? .null)
        }
    }

    /// The value of `/Type`, if it is a name.
    public var type: String? { storage["Type"]?.nameValue }

    public static func == (lhs: PDFDictionary, rhs: PDFDictionary) -> Bool { lhs.storage == rhs.storage }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}
