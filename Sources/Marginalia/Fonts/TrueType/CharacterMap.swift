/// 'cmap': the glyph for each Unicode scalar.
///
/// Of the font's subtables, the one used is the first of: a full-repertoire Unicode map in
/// format 12 (Windows 3/10, Unicode 0/4 or 0/6), any Unicode map in format 12, a BMP map in
/// format 4 (Windows 3/1, then Unicode 0/0-3), and last a Windows symbol map (3/0), where
/// fonts place their characters at U+F000-F0FF. Lookups read the subtable where it lies,
/// by binary search, rather than building a dictionary of every character.
struct CharacterMap: Sendable {
    private enum Subtable: Sendable {
        /// Format 4: segments of BMP code points (OpenType, "Format 4: Segment mapping to delta values").
        case segments(FontBytes, count: Int)
        /// Format 12: groups of code points mapped to consecutive glyphs.
        case groups(FontBytes, count: Int)
    }

    private let subtable: Subtable
    private let isSymbol: Bool
    private let numGlyphs: Int

    /// - Throws: ``FontError/damagedTable(tag:reason:)`` when the table has no subtable of a
    ///   supported kind, or the chosen one is cut short.
    init(_ table: FontBytes, numGlyphs: Int) throws {
        self.numGlyphs = numGlyphs
        let count = Int(try table.uint16(at: 2))
        var best: (rank: Int, offset: Int, format: UInt16, symbol: Bool)?
        for index in 0..<count {
            let at = 4 + 8 * index
            guard let platform = try? table.uint16(at: at), let encoding = try? table.uint16(at: at + 2),
                  let offset = try? table.uint32(at: at + 4), let format = try? table.uint16(at: Int(offset))
            else { continue }
            guard let rank = Self.rank(platform: platform, encoding: encoding, format: format) else { continue }
            if rank < best?.rank ?? Int.max {
                best = (rank, Int(offset), format, platform == 3 && encoding == 0)
            }
        }
        guard let best else {
            throw table.damaged("no Unicode subtable of format 4 or 12")
        }
        // The subtable runs to the end of 'cmap': format 4's 16-bit length field overflows in
        // large fonts, so the bounds that matter are the table's.
        let bytes = try table.range(best.offset, length: table.count - best.offset)
        isSymbol = best.symbol
        if best.format == 4 {
            let doubled = Int(try bytes.uint16(at: 6))
            guard doubled > 0, doubled % 2 == 0 else { throw table.damaged("format 4 segCountX2 is \(doubled)") }
            let segments = doubled / 2
            try bytes.check(0, 16 + 8 * segments)
            subtable = .segments(bytes, count: segments)
        } else {
            let groups = Int(try bytes.uint32(at: 12))
            try bytes.check(16, 12 * groups)
            subtable = .groups(bytes, count: groups)
        }
    }

    /// The preference of a subtable (lower is better), or nil for one not used.
    private static func rank(platform: UInt16, encoding: UInt16, format: UInt16) -> Int? {
        switch (platform, encoding, format) {
        case (3, 10, 12), (0, 4, 12), (0, 6, 12): return 0
        case (0, _, 12): return 1
        case (3, 1, 4): return 2
        case (0, 0...3, 4): return 3
        case (3, 0, 4): return 4
        default: return nil
        }
    }

    // MARK: - Lookup

    /// The glyph for `scalar`, or 0 (.notdef) when the font has none.
    func glyph(for scalar: Unicode.Scalar) -> Int {
        let code = scalar.value
        var glyph = lookup(code)
        // Symbol fonts map their characters at U+F000 + the single-byte code.
        if glyph == 0 && isSymbol && code <= 0xFF { glyph = lookup(0xF000 | code) }
        return glyph < numGlyphs ? glyph : 0
    }

    private func lookup(_ code: UInt32) -> Int {
        switch subtable {
        case .segments(let bytes, let count): return Self.segmentLookup(code, bytes, count)
        case .groups(let bytes, let count): return Self.groupLookup(code, bytes, count)
        }
    }

    /// Format 4: the first segment whose end is at or after `code`; if it starts at or before
    /// it, the glyph is `code + idDelta`, or read from glyphIdArray through idRangeOffset.
    private static func segmentLookup(_ code: UInt32, _ bytes: FontBytes, _ count: Int) -> Int {
        guard code <= 0xFFFF else { return 0 }
        let ends = 14, starts = 16 + 2 * count, deltas = 16 + 4 * count, rangeOffsets = 16 + 6 * count
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if UInt32((try? bytes.uint16(at: ends + 2 * middle)) ?? 0) < code { low = middle + 1 } else { high = middle }
        }
        guard low < count,
              let start = try? bytes.uint16(at: starts + 2 * low), UInt32(start) <= code,
              let delta = try? bytes.uint16(at: deltas + 2 * low),
              let rangeOffset = try? bytes.uint16(at: rangeOffsets + 2 * low)
        else { return 0 }
        if rangeOffset == 0 { return Int(UInt16(truncatingIfNeeded: code &+ UInt32(delta))) }
        // idRangeOffset counts bytes from its own position to the segment's first entry.
        let at = rangeOffsets + 2 * low + Int(rangeOffset) + 2 * Int(code - UInt32(start))
        guard let glyph = try? bytes.uint16(at: at), glyph != 0 else { return 0 }
        return Int(glyph &+ delta)
    }

    /// Format 12: binary search of the groups, each (first code, last code, first glyph).
    private static func groupLookup(_ code: UInt32, _ bytes: FontBytes, _ count: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            let at = 16 + 12 * middle
            guard let first = try? bytes.uint32(at: at), let last = try? bytes.uint32(at: at + 4) else { return 0 }
            if code < first {
                high = middle
            } else if code > last {
                low = middle + 1
            } else {
                guard let glyph = try? bytes.uint32(at: at + 8) else { return 0 }
                let result = UInt64(glyph) + UInt64(code - first)
                return result <= 0xFFFF ? Int(result) : 0
            }
        }
        return 0
    }
}
