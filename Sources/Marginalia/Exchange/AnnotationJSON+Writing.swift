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
private struct SortedMemberWriter: AnnotationJSONSink {
    /// Each key's place in byte order of the keys, by its place in ``AnnotationJSONKey``.
    private static let ranks: [AnnotationJSONKey: Int] = {
        let sorted = AnnotationJSONKey.allCases.sorted { Array($0.rawValue.utf8).lexicographicallyPrecedes(Array($1.rawValue.utf8)) }
        return Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) })
    }()

    private var values: [UInt8] = []
    private var slots = [(key: AnnotationJSONKey, range: Range<Int>)?](repeating: nil, count: AnnotationJSONKey.allCases.count)
    private var failure: JSONText.NonFiniteNumber?

    private mutating func member(_ key: AnnotationJSONKey, _ value: (inout [UInt8]) throws(JSONText.NonFiniteNumber) -> Void) {
        let start = values.count
        do {
            try value(&values)
        } catch {
            if failure == nil { failure = error }
        }
        slots[Self.ranks[key]!] = (key, start..<values.count)
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
        output.reserveCapacity(output.count + values.count + 16 * AnnotationJSONKey.allCases.count)
        output.append(UInt8(ascii: "{"))
        var first = true
        for case let (key, range)? in slots {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            output.append(UInt8(ascii: "\""))
            output.append(contentsOf: key.rawValue.utf8)
            output.append(contentsOf: #"":"#.utf8)
            output.append(contentsOf: values[range])
        }
        output.append(UInt8(ascii: "}"))
    }
}
