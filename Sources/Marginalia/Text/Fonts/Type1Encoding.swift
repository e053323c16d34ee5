import PDFCore

/// The built-in encoding of a Type 1 font program (`/FontFile`; Adobe's "Type 1 Font Format",
/// 2.3): `/Encoding StandardEncoding def`, or an array filled by `dup CODE /name put`, in the
/// clear-text part before `eexec`.
enum Type1Encoding {
    /// The glyph name of each code, or nil when the program names no encoding.
    static func glyphNames(_ program: [UInt8], limits: PDFLimits) -> [UInt8: String]? {
        let clear = Array(program.prefix(clearTextLength(program)))
        var parser = ContentStreamParser(bytes: clear, limits: limits)
        var inEncoding = false
        var result: [UInt8: String] = [:]
        while let operation = (try? parser.nextReadable()) ?? nil {
            let operands = operation.operands
            switch operation.name {
            case "StandardEncoding" where operands.last?.nameValue == "Encoding":
                var standard: [UInt8: String] = [:]
                for (code, name) in BaseEncoding.standard.names.enumerated() { if let name { standard[UInt8(code)] = name } }
                return standard
            case "array" where operands.first?.nameValue == "Encoding":
                inEncoding = true
            case "put" where inEncoding:
                if operands.count >= 2, let code = operands[operands.count - 2].integerValue, (0...255).contains(code),
                   let name = operands.last?.nameValue {
                    result[UInt8(code)] = name
                }
            case "def", "readonly":
                if inEncoding { return result.isEmpty ? nil : result }
            default:
                break
            }
        }
        return result.isEmpty ? nil : result
    }

    /// Where the clear text ends: at `eexec`, or a PFB segment's end.
    private static func clearTextLength(_ program: [UInt8]) -> Int {
        let marker = Array("eexec".utf8)
        guard program.count >= marker.count else { return program.count }
        for start in 0...(program.count - marker.count) where program[start] == marker[0] {
            if Array(program[start..<(start + marker.count)]) == marker { return start }
        }
        return program.count
    }
}

/// The character maps of a TrueType program (`/FontFile2`; OpenType 'cmap', formats 0, 4,
/// 6 and 12), read in full, for fonts that give text no other way.
struct SFNTCharacterMaps {
    /// Subtables by (platform, encoding): code to glyph.
    private(set) var tables: [UInt32: [UInt32: Int]] = [:]

    /// Reads the 'cmap' of `program`; an unreadable one gives no tables.
    init(program: [UInt8]) {
        guard let directory = try? SFNTDirectory(program), let cmap = try? directory.table("cmap")
        else { return }
        let bytes = cmap.storage
        let base = cmap.start
        func u16(_ at: Int) -> Int? { at >= 0 && at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(at), let low = u16(at + 2) else { return nil }
            return high << 16 | low
        }
        guard let count = u16(base + 2) else { return }
        for record in 0..<min(count, 64) {
            let at = base + 4 + 8 * record
            guard let platform = u16(at), let encoding = u16(at + 2), let offset = u32(at + 4),
                  let format = u16(base + offset) else { continue }
            let start = base + offset
            var map: [UInt32: Int] = [:]
            switch format {
            case 0:
                for code in 0..<256 where start + 6 + code < bytes.count {
                    map[UInt32(code)] = Int(bytes[start + 6 + code])
                }
            case 4:
                guard let doubled = u16(start + 6) else { continue }
                let segments = doubled / 2
                for segment in 0..<segments {
                    guard let end = u16(start + 14 + 2 * segment), let first = u16(start + 16 + doubled + 2 * segment),
                          let delta = u16(start + 16 + 2 * doubled + 2 * segment),
                          let rangeAt = Optional(start + 16 + 3 * doubled + 2 * segment), let rangeOffset = u16(rangeAt),
                          first <= end, end - first < 65_536 else { continue }
                    for code in first...end where code != 0xFFFF {
                        let glyph: Int
                        if rangeOffset == 0 {
                            glyph = (code + delta) & 0xFFFF
                        } else {
                            guard let raw = u16(rangeAt + rangeOffset + 2 * (code - first)), raw != 0 else { continue }
                            glyph = (raw + delta) & 0xFFFF
                        }
                        if glyph != 0 { map[UInt32(code)] = glyph }
                    }
                }
            case 6:
                guard let first = u16(start + 6), let entries = u16(start + 8) else { continue }
                for entry in 0..<entries {
                    if let glyph = u16(start + 10 + 2 * entry), glyph != 0 { map[UInt32(first + entry)] = glyph }
                }
            case 12:
                guard let groups = u32(start + 12), groups < 1 << 20 else { continue }
                for group in 0..<groups {
                    let at = start + 16 + 12 * group
                    guard let first = u32(at), let last = u32(at + 4), let glyph = u32(at + 8), first <= last,
                          last - first < 1 << 17 else { break }
                    for code in first...last { map[UInt32(code)] = glyph + (code - first) }
                }
            default:
                continue
            }
            if !map.isEmpty { tables[UInt32(platform) << 16 | UInt32(encoding)] = map }
        }
    }

    /// The subtable of (platform, encoding), if the program has it.
    func table(platform: Int, encoding: Int) -> [UInt32: Int]? {
        tables[UInt32(platform) << 16 | UInt32(encoding)]
    }

    /// The Unicode subtable: Windows (3,10) or (3,1), else a Unicode-platform one.
    var unicodeTable: [UInt32: Int]? {
        table(platform: 3, encoding: 10) ?? table(platform: 3, encoding: 1)
            ?? tables.first { $0.key >> 16 == 0 }?.value
    }

    /// Glyph to text, the inverse of the Unicode subtable (the lowest code wins).
    var textByGlyph: [Int: String] {
        var result: [Int: String] = [:]
        for (code, glyph) in unicodeTable ?? [:] {
            guard let scalar = Unicode.Scalar(code) else { continue }
            if let known = result[glyph], let existing = known.unicodeScalars.first, existing.value < code { continue }
            result[glyph] = String(scalar)
        }
        return result
    }
}
