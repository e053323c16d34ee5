/// Values kept by object number, such as the objects a ``PDFFile`` has parsed: a table indexed
/// by the number for the numbers a file's cross-reference covers, a dictionary for the rest.
///
/// Every read of an object looks its number up here; hashing object numbers for dictionaries,
/// this cache's first among them, was 4% of flattening (docs/benchmarks.md, "flatten", sixth
/// round). The table grows only as far
/// as numbers are stored, and never past `denseLimit`, which the owner derives from the
/// cross-reference (so a declared `/Size` far beyond the objects a file holds allocates
/// nothing); a number past it, or a negative one, goes to the dictionary.
struct ObjectNumberTable<Value> {
    /// Numbers in `0..<denseLimit` are kept in ``slots``.
    let denseLimit: Int
    private var slots: [Value?] = []
    private var beyond: [Int: Value] = [:]
    /// How many numbers have a value.
    private(set) var count = 0

    init(denseLimit: Int = 0) {
        self.denseLimit = max(0, denseLimit)
    }

    subscript(number: Int) -> Value? {
        get {
            if number >= 0 && number < slots.count { return slots[number] }
            return number >= 0 && number < denseLimit ? nil : beyond[number]
        }
        set {
            guard number >= 0 && number < denseLimit else {
                let old = if let newValue { beyond.updateValue(newValue, forKey: number) } else { beyond.removeValue(forKey: number) }
                count += (newValue == nil ? 0 : 1) - (old == nil ? 0 : 1)
                return
            }
            if number >= slots.count {
                guard newValue != nil else { return }
                // Doubling keeps the growth linear in the numbers stored.
                let size = min(denseLimit, max(number + 1, 2 * slots.count, 64))
                slots.append(contentsOf: repeatElement(nil, count: size - slots.count))
            }
            count += (newValue == nil ? 0 : 1) - (slots[number] == nil ? 0 : 1)
            slots[number] = newValue
        }
    }

    /// How many numbers the table part holds room for (the rest are in the dictionary).
    var tableRoom: Int { slots.count }

    /// Forgets every value, keeping ``denseLimit``.
    mutating func removeAll() {
        self = ObjectNumberTable(denseLimit: denseLimit)
    }
}

extension CrossReferenceTable {
    /// How far an ``ObjectNumberTable`` for this file's objects is dense: twice the entries
    /// and a little room, so that a file numbered densely from 1 (as writers number) is all
    /// in the table, and one with a few high numbers keeps them in the dictionary. Not the
    /// declared `/Size`, which a file may state far beyond its objects.
    var denseObjectNumberLimit: Int {
        2 * entries.count + 1024
    }
}
