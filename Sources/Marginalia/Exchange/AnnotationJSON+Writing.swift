import Foundation

// The annotation JSON as the operation log holds it: the core's one writing
// (`AnnotationJSONFields.write(to:)`) formatted as `JSONEncoder` with `.sortedKeys` formats
// it, byte for byte, at a fraction of the encoder's cost. The server logs each stroke's
// annotation so, and the encoder took a fifth of the server's instructions per stroke
// (docs/benchmarks.md). AnnotationJSONWritingTests holds the two formats to each other.

extension AnnotationJSON {
    /// Appends `annotation` as one compact object of the annotation JSON with its keys sorted,
    /// exactly the bytes `JSONEncoder` (`outputFormatting = [.sortedKeys]`) writes for it.
    ///
    /// - Throws: ``JSONText/NonFiniteNumber`` for a NaN or infinite coordinate (which the
    ///   encoder refuses as well); `output` is then as it was.
    public static func appendSortedJSON(of annotation: PDFAnnotation, to output: inout [UInt8]) throws(JSONText.NonFiniteNumber) {
        var writer = SortedMemberWriter()
        annotation.jsonFields.write(to: &writer)
        try writer.finish(into: &output)
    }
}

/// Writes an annotation's members compactly, then joins them in byte order of their keys (as
/// the encoder sorts them). Each value is written to `values` as it comes; `slots` keeps its
/// place by the key's rank in that order.
///
/// A key's rank is found without hashing it: a `String`-backed enum hashes its name (SipHash
/// over the bytes), which a dictionary of ranks did for every member of every stroke logged.
/// The writing hands keys over in declaration order, so the writer looks for each one from
/// the place of the last (enum cases compare by their tag), and the rank is a table read.
struct SortedMemberWriter: AnnotationJSONSink {
    /// The keys in declaration order: the order ``AnnotationJSONFields/write(to:)`` hands them over.
    private static let keys = AnnotationJSONKey.allCases
    /// Each key's place in byte order of the keys, by its place in ``keys``.
    private static let ranks: [Int] = {
        let sorted = keys.indices.sorted { Array(keys[$0].rawValue.utf8).lexicographicallyPrecedes(Array(keys[$1].rawValue.utf8)) }
        var ranks = [Int](repeating: 0, count: keys.count)
        for (rank, index) in sorted.enumerated() { ranks[index] = rank }
        return ranks
    }()
    /// `"key":` of each key, by its rank: what ``finish(into:)`` writes before its value.
    private static let names: [[UInt8]] = {
        var names = [[UInt8]](repeating: [], count: keys.count)
        for (index, key) in keys.enumerated() { names[ranks[index]] = Array("\"\(key.rawValue)\":".utf8) }
        return names
    }()

    private var values: [UInt8] = []
    /// Each member's bytes in ``values``, by its key's rank; nil for a key not written.
    private var slots = [Range<Int>?](repeating: nil, count: keys.count)
    /// The place in ``keys`` of the key written last, where the search for the next begins.
    private var cursor = 0
    private var failure: JSONText.NonFiniteNumber?

    /// Room for a stroke's members from the start (its points, about 1 KB), rather than
    /// growing the buffer from nothing in seven steps.
    init() {
        values.reserveCapacity(1_024)
    }

    /// The rank of `key`: searched from the last key's place onwards (any order is found, the
    /// writing's own in one step each), wrapping around at the end.
    private mutating func rank(of key: AnnotationJSONKey) -> Int {
        let keys = Self.keys
        while keys[cursor] != key { cursor = cursor + 1 == keys.count ? 0 : cursor + 1 }
        return Self.ranks[cursor]
    }

    private mutating func member(_ key: AnnotationJSONKey, _ value: (inout [UInt8]) throws(JSONText.NonFiniteNumber) -> Void) {
        let start = values.count
        do {
            try value(&values)
        } catch {
            if failure == nil { failure = error }
        }
        slots[rank(of: key)] = start..<values.count
    }

    mutating func write(_ key: AnnotationJSONKey, string: String) {
        member(key) { JSONText.appendString(string, to: &$0) }
    }

    mutating func write(_ key: AnnotationJSONKey, strings: [String]) {
        member(key) { output in
            output.append(UInt8(ascii: "["))
            for (index, value) in strings.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONText.appendString(value, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        }
    }

    mutating func write(_ key: AnnotationJSONKey, integer: Int) {
        member(key) { $0.append(contentsOf: String(integer).utf8) }
    }

    mutating func write(_ key: AnnotationJSONKey, number: Double) {
        member(key) { (output) throws(JSONText.NonFiniteNumber) in try JSONText.appendNumber(number, to: &output) }
    }

    mutating func write(_ key: AnnotationJSONKey, bool: Bool) {
        member(key) { $0.append(contentsOf: (bool ? "true" : "false").utf8) }
    }

    mutating func write(_ key: AnnotationJSONKey, numbers: [Double]) {
        member(key) { (output) throws(JSONText.NonFiniteNumber) in try JSONText.appendNumbers(numbers, to: &output) }
    }

    mutating func write(_ key: AnnotationJSONKey, numberLists: [[Double]]) {
        member(key) { (output) throws(JSONText.NonFiniteNumber) in
            try JSONText.appendArray(numberLists, to: &output) { (list, output) throws(JSONText.NonFiniteNumber) in
                try JSONText.appendNumbers(list, to: &output)
            }
        }
    }

    mutating func write(_ key: AnnotationJSONKey, pointLists: [[[Double]]]) {
        member(key) { (output) throws(JSONText.NonFiniteNumber) in
            try JSONText.appendArray(pointLists, to: &output) { (path, output) throws(JSONText.NonFiniteNumber) in
                try JSONText.appendArray(path, to: &output) { (point, output) throws(JSONText.NonFiniteNumber) in
                    try JSONText.appendNumbers(point, to: &output)
                }
            }
        }
    }

    /// Appends `{"key":value,…}` in key order to `output`, or throws the first number JSON
    /// cannot write (leaving `output` as it was).
    func finish(into output: inout [UInt8]) throws(JSONText.NonFiniteNumber) {
        if let failure { throw failure }
        let names = Self.names
        output.reserveCapacity(output.count + values.count + 24 * slots.count)
        output.append(UInt8(ascii: "{"))
        var first = true
        for (rank, range) in slots.enumerated() {
            guard let range else { continue }
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            output.append(contentsOf: names[rank])
            output.append(contentsOf: values[range])
        }
        output.append(UInt8(ascii: "}"))
    }
}
