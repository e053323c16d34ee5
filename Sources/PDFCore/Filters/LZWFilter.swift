/// `/LZWDecode` (7.4.4): Lempel-Ziv-Welch codes of 9 to 12 bits, packed high bit first.
///
/// Codes 0-255 stand for single bytes, 256 clears the table, 257 ends the data, and each
/// code after the first adds one table entry from 258 on (7.4.4.2). Predictors (7.4.4.4)
/// are applied afterwards by ``Predictor``.
enum LZWFilter {
    static let name = StandardFilter.lzw.rawValue

    static let clearTable = 256
    static let endOfData = 257
    static let firstFreeCode = 258
    static let tableSize = 4096
    static let minimumWidth = 9
    static let maximumWidth = 12

    /// The code width once the table's next free code is `nextCode` (7.4.4.2): widths grow
    /// when the table reaches 511, 1023, 2047 codes, or with `/EarlyChange 1` (the default,
    /// Table 8) one code sooner. 12 bits is the most, whatever the table holds.
    static func codeWidth(nextCode: Int, earlyChange: Bool) -> Int {
        let reach = nextCode + (earlyChange ? 1 : 0)
        if reach < 512 { return 9 }
        if reach < 1024 { return 10 }
        if reach < 2048 { return 11 }
        return maximumWidth
    }

    // MARK: - Decoding

    /// Expands LZW codes, stopping with ``PDFError/limitExceeded(_:limit:max:)`` as soon as the output
    /// passes `limit` bytes.
    ///
    /// Damaged data is read as far as it goes, as other viewers do: a missing EOD code (the
    /// data simply ends), trailing bits too few for a code, and the first invalid code (one
    /// not yet in the table) all end the data with the bytes decoded so far. Once the table
    /// is full and no clear code comes, codes keep decoding without adding entries.
    ///
    /// - Parameter earlyChange: the `/EarlyChange` parameter (default 1, so `true`).
    static func decode(_ input: [UInt8], earlyChange: Bool = true, limit: Int) throws -> [UInt8] {
        // Each table entry is a run of bytes already in the output: an entry made from
        // code `previous` followed by the first byte of the next code's string is exactly
        // the output starting where `previous` was written, one byte longer than it.
        var entryStart = [Int](repeating: 0, count: tableSize)
        var entryLength = [Int](repeating: 1, count: tableSize)
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, input.count.multipliedReportingOverflow(by: 3).partialValue))

        var nextCode = firstFreeCode
        var width = minimumWidth
        var previous: (start: Int, length: Int)? = nil
        var bitBuffer: UInt32 = 0
        var bitCount = 0
        var inputIndex = 0

        decoding: while true {
            while bitCount < width {
                guard inputIndex < input.count else { break decoding }
                bitBuffer = bitBuffer << 8 | UInt32(input[inputIndex])
                inputIndex += 1
                bitCount += 8
            }
            bitCount -= width
            let code = Int((bitBuffer >> UInt32(bitCount)) & ((1 << UInt32(width)) - 1))

            if code == clearTable {
                nextCode = firstFreeCode
                width = codeWidth(nextCode: nextCode, earlyChange: earlyChange)
                previous = nil
                continue
            }
            if code == endOfData { break }

            let start = output.count
            let length: Int
            if code < 256 {
                guard output.count < limit else { throw FilterPipeline.limitError(limit) }
                output.append(UInt8(code))
                length = 1
            } else if code < nextCode {
                length = entryLength[code]
                try copyEarlierOutput(&output, from: entryStart[code], count: length, limit: limit)
            } else if code == nextCode, let previous {
                // The entry being defined by this very code (the "KwKwK" case): the previous
                // string followed by its own first byte.
                length = previous.length + 1
                try copyEarlierOutput(&output, from: previous.start, count: length, limit: limit)
            } else {
                break  // not a code the encoder could have sent: the data is damaged here
            }

            if let previous, nextCode < tableSize {
                entryStart[nextCode] = previous.start
                entryLength[nextCode] = previous.length + 1
                nextCode += 1
            }
            width = codeWidth(nextCode: nextCode, earlyChange: earlyChange)
            previous = (start, length)
        }
        return output
    }

    /// Appends `count` bytes of the output starting at `from`, byte by byte so that a copy
    /// overlapping its own end (the KwKwK case) reads bytes it has just written.
    private static func copyEarlierOutput(_ output: inout [UInt8], from: Int, count: Int, limit: Int) throws {
        guard count <= limit - output.count else { throw FilterPipeline.limitError(limit) }
        for index in from..<(from + count) {
            output.append(output[index])
        }
    }

    // MARK: - Encoding

    /// Compresses `input` into LZW codes that ``decode(_:earlyChange:limit:)`` reads back:
    /// a clear code first, a clear code whenever the table fills, and EOD last.
    static func encode(_ input: [UInt8], earlyChange: Bool = true) -> [UInt8] {
        var writer = CodeWriter()
        // Key: the code of a string shifted left 8 bits, plus the next byte.
        var table: [Int: Int] = [:]
        var nextCode = firstFreeCode
        // The decoder learns each entry one code later than the encoder makes it, so the
        // width it expects is the one for one entry fewer.
        var width: Int { codeWidth(nextCode: nextCode - 1, earlyChange: earlyChange) }

        writer.write(clearTable, width: minimumWidth)
        guard var current = input.first.map(Int.init) else {
            writer.write(endOfData, width: minimumWidth)
            return writer.finish()
        }
        for byte in input.dropFirst() {
            let key = current << 8 | Int(byte)
            if let code = table[key] {
                current = code
                continue
            }
            writer.write(current, width: width)
            table[key] = nextCode
            nextCode += 1
            current = Int(byte)
            if nextCode == tableSize {
                writer.write(clearTable, width: width)
                table.removeAll(keepingCapacity: true)
                nextCode = firstFreeCode
            }
        }
        writer.write(current, width: width)
        // Reading that last code, the decoder makes the entry the encoder never made (none
        // right after a clear, when `nextCode` is 258 on both sides): it is level again.
        writer.write(endOfData, width: codeWidth(nextCode: nextCode, earlyChange: earlyChange))
        return writer.finish()
    }

    /// Packs codes high bit first into bytes, the final byte padded with zero bits.
    private struct CodeWriter {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var count = 0

        mutating func write(_ code: Int, width: Int) {
            buffer = buffer << UInt32(width) | UInt32(truncatingIfNeeded: code)
            count += width
            while count >= 8 {
                count -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(count)))
            }
            buffer &= (1 << UInt32(count)) - 1
        }

        mutating func finish() -> [UInt8] {
            if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer << UInt32(8 - count))) }
            count = 0
            buffer = 0
            return bytes
        }
    }
}
