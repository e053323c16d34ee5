/// `/RunLengthDecode` (7.4.5): runs of literal bytes and of one repeated byte, each after
/// a length byte.
enum RunLengthFilter {
    static let name = StandardFilter.runLength.rawValue
    /// The length byte that ends the data (7.4.5).
    static let endOfData: UInt8 = 128

    /// Expands runs, stopping with ``PDFError/limitExceeded(_:limit:max:)`` as soon as the output
    /// passes `limit` bytes (a run may expand two bytes into 128).
    ///
    /// Following 7.4.5: a length byte L of 0 to 127 is followed by L + 1 bytes to copy; 129
    /// to 255, by one byte to repeat 257 - L times; 128 ends the data. Data that ends
    /// without the 128 ends there; a literal run cut short keeps the bytes it has.
    static func decode(_ input: [UInt8], limit: Int) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, input.count))
        var index = 0
        while index < input.count {
            let length = Int(input[index])
            index += 1
            if length == Int(endOfData) { break }
            if length < 128 {
                let count = min(length + 1, input.count - index)
                guard count <= limit - output.count else { throw FilterPipeline.limitError(limit) }
                output.append(contentsOf: input[index..<(index + count)])
                index += count
            } else {
                guard index < input.count else { break }
                let count = 257 - length
                guard count <= limit - output.count else { throw FilterPipeline.limitError(limit) }
                output.append(contentsOf: filledRuns[Int(input[index])][0..<count])
                index += 1
            }
        }
        return output
    }

    /// For each byte value, the longest run of it (128 bytes): appending a slice of one is a
    /// memcpy, where `repeatElement` goes byte by byte in unoptimised builds (7 s for 32 MB).
    private static let filledRuns: [[UInt8]] = (0...255).map { [UInt8](repeating: UInt8($0), count: 128) }

    /// Encodes `input` as runs: two or more equal bytes become a repeat run (up to 128 of
    /// them), anything else literal runs (up to 128 bytes); the data ends with 128.
    static func encode(_ input: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(input.count + input.count / 128 + 2)
        var literalStart = 0
        var index = 0

        func flushLiterals(upTo end: Int) {
            var start = literalStart
            while start < end {
                let count = min(128, end - start)
                output.append(UInt8(count - 1))
                output.append(contentsOf: input[start..<(start + count)])
                start += count
            }
        }

        while index < input.count {
            var runEnd = index + 1
            while runEnd < input.count && runEnd - index < 128 && input[runEnd] == input[index] { runEnd += 1 }
            if runEnd - index >= 2 {
                flushLiterals(upTo: index)
                output.append(UInt8(257 - (runEnd - index)))
                output.append(input[index])
                literalStart = runEnd
            }
            index = runEnd
        }
        flushLiterals(upTo: input.count)
        output.append(endOfData)
        return output
    }
}
