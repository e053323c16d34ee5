/// Writes a TrueType font file from its tables (OpenType, "Organization of an OpenType font"):
/// the table directory sorted by tag, each table 4-byte aligned and zero-padded, each with
/// its checksum, and 'head' with checkSumAdjustment set so that the whole file sums to
/// 0xB1B0AFBA.
struct SFNTWriter {
    private var tables: [String: [UInt8]] = [:]

    /// Adds (or replaces) the table with `tag`, a four-character ASCII tag.
    mutating func add(_ tag: String, _ data: [UInt8]) {
        tables[tag] = data
    }

    /// The font file.
    func write() -> [UInt8] {
        // Tags sort as the bytes they are ('OS/2' before 'cmap'), which is String order for ASCII.
        let tags = tables.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let count = tags.count
        var power = 1, log = 0
        while power * 2 <= count { power *= 2; log += 1 }

        var out: [UInt8] = []
        out.appendUInt32(0x0001_0000)
        out.appendUInt16(count)
        out.appendUInt16(power * 16) // searchRange
        out.appendUInt16(log) // entrySelector
        out.appendUInt16(count * 16 - power * 16) // rangeShift

        var offset = 12 + 16 * count
        var body: [UInt8] = []
        var headOffset: Int?
        for tag in tags {
            var data = tables[tag] ?? []
            if tag == "head" && data.count >= 12 {
                data.replaceSubrange(8..<12, with: [0, 0, 0, 0]) // summed as zero (OpenType, 'head')
                headOffset = offset
            }
            out.append(contentsOf: Array(tag.utf8.prefix(4)))
            out.appendUInt32(Self.checksum(data))
            out.appendUInt32(UInt32(truncatingIfNeeded: offset))
            out.appendUInt32(UInt32(truncatingIfNeeded: data.count))
            body.append(contentsOf: data)
            while body.count % 4 != 0 { body.append(0) }
            offset = 12 + 16 * count + body.count
        }
        out.append(contentsOf: body)
        if let headOffset {
            let adjustment = 0xB1B0_AFBA &- Self.checksum(out)
            out.replaceSubrange((headOffset + 8)..<(headOffset + 12), with: UInt32BigEndian(adjustment).bytes)
        }
        return out
    }

    /// The sum of `data` as big-endian 32-bit words, the last one padded with zeros.
    static func checksum(_ data: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < data.count {
            var word: UInt32 = 0
            for k in 0..<4 {
                word <<= 8
                if index + k < data.count { word |= UInt32(data[index + k]) }
            }
            sum &+= word
            index += 4
        }
        return sum
    }
}

/// The four bytes of a 32-bit number, most significant first.
struct UInt32BigEndian {
    var value: UInt32
    init(_ value: UInt32) { self.value = value }
    var bytes: [UInt8] { [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
}

extension Array where Element == UInt8 {
    /// Appends the low 16 bits of `value`, big-endian.
    mutating func appendUInt16(_ value: Int) {
        append(UInt8((value >> 8) & 0xFF))
        append(UInt8(value & 0xFF))
    }

    mutating func appendUInt32(_ value: UInt32) {
        append(contentsOf: UInt32BigEndian(value).bytes)
    }

    /// Overwrites the 16 bits at `offset` with the low 16 bits of `value`, big-endian; does
    /// nothing when they lie outside the array.
    mutating func setUInt16(_ value: Int, at offset: Int) {
        guard offset >= 0, offset + 2 <= count else { return }
        self[offset] = UInt8((value >> 8) & 0xFF)
        self[offset + 1] = UInt8(value & 0xFF)
    }
}
