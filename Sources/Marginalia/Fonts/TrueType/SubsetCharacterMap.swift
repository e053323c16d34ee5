/// The 'cmap' of a subset font: the characters shown, mapped to their glyphs' new numbers.
///
/// A CIDFontType2 drawn through `/CIDToGIDMap /Identity` never consults it (ISO 32000-2,
/// 9.7.4.2); it is there so that the embedded font is a complete TrueType font that other
/// tools can read. BMP characters go in a format 4 subtable (Windows 3/1); when there are
/// others, a format 12 subtable (Windows 3/10) holds them all.
enum SubsetCharacterMap {
    /// The table for `characters` (scalar value to glyph number).
    static func table(_ characters: [UInt32: Int]) -> [UInt8] {
        // U+FFFF is a noncharacter and the key of format 4's closing segment.
        let pairs = characters.filter { $0.key != 0xFFFF && $0.value <= 0xFFFF }.sorted { $0.key < $1.key }
        let basic = pairs.filter { $0.key <= 0xFFFF }
        var subtables: [(encoding: Int, data: [UInt8])] = [(1, format4(basic))]
        if basic.count < pairs.count { subtables.append((10, format12(pairs))) }

        var out: [UInt8] = []
        out.appendUInt16(0) // version
        out.appendUInt16(subtables.count)
        var offset = 4 + 8 * subtables.count
        for subtable in subtables {
            out.appendUInt16(3) // Windows
            out.appendUInt16(subtable.encoding)
            out.appendUInt32(UInt32(offset))
            offset += subtable.data.count
        }
        for subtable in subtables { out.append(contentsOf: subtable.data) }
        return out
    }

    /// Runs of consecutive characters whose glyph numbers are consecutive too.
    private static func runs(_ pairs: [(key: UInt32, value: Int)]) -> [(first: UInt32, last: UInt32, glyph: Int)] {
        var runs: [(first: UInt32, last: UInt32, glyph: Int)] = []
        for (code, glyph) in pairs {
            if let run = runs.last, run.last + 1 == code, run.glyph + Int(code - run.first) == glyph {
                runs[runs.count - 1].last = code
            } else {
                runs.append((code, code, glyph))
            }
        }
        return runs
    }

    /// Format 4, one segment per run (glyph = code + idDelta), then the closing 0xFFFF segment.
    private static func format4(_ pairs: [(key: UInt32, value: Int)]) -> [UInt8] {
        let segments = runs(pairs) + [(first: 0xFFFF, last: 0xFFFF, glyph: 0)]
        let count = segments.count
        var power = 1, log = 0
        while power * 2 <= count { power *= 2; log += 1 }
        var out: [UInt8] = []
        out.appendUInt16(4)
        out.appendUInt16(16 + 8 * count) // length
        out.appendUInt16(0) // language
        out.appendUInt16(2 * count)
        out.appendUInt16(2 * power) // searchRange
        out.appendUInt16(log) // entrySelector
        out.appendUInt16(2 * count - 2 * power) // rangeShift
        for segment in segments { out.appendUInt16(Int(segment.last)) }
        out.appendUInt16(0) // reservedPad
        for segment in segments { out.appendUInt16(Int(segment.first)) }
        // idDelta is added modulo 65536; the closing segment maps 0xFFFF to 0 with a delta of 1.
        for segment in segments { out.appendUInt16(segment.first == 0xFFFF ? 1 : (segment.glyph - Int(segment.first)) & 0xFFFF) }
        for _ in segments { out.appendUInt16(0) } // idRangeOffset
        return out
    }

    /// Format 12, one group per run.
    private static func format12(_ pairs: [(key: UInt32, value: Int)]) -> [UInt8] {
        let groups = runs(pairs)
        var out: [UInt8] = []
        out.appendUInt16(12)
        out.appendUInt16(0) // reserved
        out.appendUInt32(UInt32(16 + 12 * groups.count))
        out.appendUInt32(0) // language
        out.appendUInt32(UInt32(groups.count))
        for group in groups {
            out.appendUInt32(group.first)
            out.appendUInt32(group.last)
            out.appendUInt32(UInt32(group.glyph))
        }
        return out
    }
}
