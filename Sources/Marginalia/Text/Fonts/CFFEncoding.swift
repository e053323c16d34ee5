/// The built-in encoding of a CFF font program (`/FontFile3` with `/Subtype /Type1C`; Adobe
/// TN 5176): which glyph name each single-byte code draws, read from the Top DICT's Encoding
/// and charset. Every read is bounds-checked; a damaged program gives no encoding.
enum CFFEncoding {
    /// The glyph name of each code the program's encoding gives, or nil when the program
    /// cannot be read or is a CID-keyed font (whose glyphs have no names).
    static func glyphNames(_ data: [UInt8]) -> [UInt8: String]? {
        var reader = CFFReader(data: data)
        return try? reader.encoding()
    }

    /// The Top DICT's FontBBox, when the program gives one.
    static func fontBBox(_ data: [UInt8]) -> [Int]? {
        let reader = CFFReader(data: data)
        return try? reader.topDict()[5]
    }
}

/// Reads the parts of a CFF program (Adobe TN 5176) that the encoding and ``CIDSet`` need;
/// every read bounds-checked, a damaged program throwing ``Damaged``.
struct CFFReader {
    struct Damaged: Error {}

    let data: [UInt8]

    func byte(_ at: Int) throws -> Int {
        guard at >= 0, at < data.count else { throw Damaged() }
        return Int(data[at])
    }

    func uint(_ at: Int, size: Int) throws -> Int {
        guard size >= 1, size <= 4 else { throw Damaged() }
        var value = 0
        for offset in 0..<size { value = value << 8 | (try byte(at + offset)) }
        return value
    }

    /// An INDEX at `at`: the ranges of its items and where it ends.
    func index(at: Int) throws -> (items: [Range<Int>], end: Int) {
        let count = try uint(at, size: 2)
        if count == 0 { return ([], at + 2) }
        let offSize = try byte(at + 2)
        let offsets = at + 3
        let dataStart = offsets + (count + 1) * offSize - 1
        var items: [Range<Int>] = []
        items.reserveCapacity(count)
        var previous = try uint(offsets, size: offSize)
        for item in 1...count {
            let next = try uint(offsets + item * offSize, size: offSize)
            guard next >= previous, dataStart + next <= data.count else { throw Damaged() }
            items.append((dataStart + previous)..<(dataStart + next))
            previous = next
        }
        return (items, dataStart + previous)
    }

    /// The operators of a DICT and their operands (integers; reals read as 0, which no
    /// entry used here needs).
    func dict(_ range: Range<Int>) throws -> [Int: [Int]] {
        var result: [Int: [Int]] = [:]
        var operands: [Int] = []
        var at = range.lowerBound
        while at < range.upperBound {
            let b0 = try byte(at)
            switch b0 {
            case 0...21:
                var op = b0
                at += 1
                if b0 == 12 { op = 1200 + (try byte(at)); at += 1 }
                result[op] = operands
                operands.removeAll()
            case 28: operands.append(Int(Int16(truncatingIfNeeded: try uint(at + 1, size: 2)))); at += 3
            case 29: operands.append(Int(Int32(truncatingIfNeeded: try uint(at + 1, size: 4)))); at += 5
            case 30:
                at += 1
                while at < range.upperBound {
                    let nibbles = try byte(at)
                    at += 1
                    if nibbles & 0x0F == 0x0F || nibbles >> 4 == 0x0F { break }
                }
                operands.append(0)
            case 32...246: operands.append(b0 - 139); at += 1
            case 247...250: operands.append((b0 - 247) * 256 + (try byte(at + 1)) + 108); at += 2
            case 251...254: operands.append(-(b0 - 251) * 256 - (try byte(at + 1)) - 108); at += 2
            default: at += 1
            }
            if operands.count > 48 { throw Damaged() }
        }
        return result
    }

    func topDict() throws -> [Int: [Int]] {
        let names = try index(at: try byte(2))
        let topDicts = try index(at: names.end)
        guard let topRange = topDicts.items.first else { return [:] }
        return try dict(topRange)
    }

    /// The string ID (name-keyed font) or CID (CID-keyed font) of each glyph, by glyph index,
    /// from the charset at `offset` (TN 5176, 13): glyph 0, .notdef, is 0. Offset 0 is the
    /// ISOAdobe charset (glyph i is string i); nil for the Expert charsets (1 and 2).
    func charset(at offset: Int, glyphCount: Int) throws -> [Int]? {
        if offset == 0 { return Array(0..<max(1, glyphCount)) }
        guard offset > 2 else { return nil }
        let format = try byte(offset)
        var ids = [0]
        var at = offset + 1
        while ids.count < glyphCount {
            switch format {
            case 0:
                ids.append(try uint(at, size: 2))
                at += 2
            case 1, 2:
                let first = try uint(at, size: 2)
                let left = format == 1 ? try byte(at + 2) : try uint(at + 2, size: 2)
                at += format == 1 ? 3 : 4
                for id in first...(first + left) where ids.count < glyphCount { ids.append(id) }
            default: throw Damaged()
            }
        }
        return ids
    }

    /// The CID of each glyph the program holds, by glyph index: a CID-keyed font's charset,
    /// and in a name-keyed font the glyph index itself (ISO 32000-2, 9.7.4.2). Nil when the
    /// Top DICT names no CharStrings.
    func characterIDs() throws -> [Int]? {
        let top = try topDict()
        guard let charStrings = top[17]?.last else { return nil }
        let count = try index(at: charStrings).items.count
        guard top[1230] != nil else { return Array(0..<count) }  // no ROS: name-keyed
        return try charset(at: top[15]?.last ?? 0, glyphCount: count)
    }

    mutating func encoding() throws -> [UInt8: String]? {
        let headerSize = try byte(2)
        let names = try index(at: headerSize)
        let topDicts = try index(at: names.end)
        let strings = try index(at: topDicts.end)
        guard let topRange = topDicts.items.first else { return nil }
        let top = try dict(topRange)
        if top[1230] != nil { return nil }  // ROS: a CID-keyed font
        guard let charStrings = top[17]?.last else { return nil }
        let glyphCount = try index(at: charStrings).items.count
        let stringTable = strings.items
        func name(_ sid: Int) -> String? {
            if sid < CFFStrings.standard.count { return CFFStrings.standard[sid] }
            let item = sid - CFFStrings.standard.count
            guard item < stringTable.count else { return nil }
            return String(decoding: data[stringTable[item]], as: UTF8.self)
        }
        // Glyph names by glyph index, from the charset (TN 5176, 13).
        let glyphNames: [String?] = try charset(at: top[15]?.last ?? 0, glyphCount: glyphCount)?.map(name) ?? [".notdef"]
        var result: [UInt8: String] = [:]
        let encodingOffset = top[16]?.last ?? 0
        if encodingOffset == 0 {
            let standard = BaseEncoding.standard.names
            for code in 0..<256 { if let name = standard[code] { result[UInt8(code)] = name } }
            // Only glyphs the font has count.
            let present = Set(glyphNames.compactMap { $0 })
            result = result.filter { present.contains($0.value) }
            return result
        }
        guard encodingOffset > 1 else { return nil }  // the Expert encoding: rare, left out
        let format = try byte(encodingOffset)
        var at = encodingOffset + 1
        var gid = 1
        switch format & 0x7F {
        case 0:
            let count = try byte(at)
            at += 1
            for offset in 0..<count {
                if gid < glyphNames.count, let glyph = glyphNames[gid] { result[UInt8(try byte(at + offset))] = glyph }
                gid += 1
            }
            at += count
        case 1:
            let ranges = try byte(at)
            at += 1
            for _ in 0..<ranges {
                let first = try byte(at), left = try byte(at + 1)
                at += 2
                for code in first...min(255, first + left) {
                    if gid < glyphNames.count, let glyph = glyphNames[gid] { result[UInt8(code)] = glyph }
                    gid += 1
                }
            }
        default: throw Damaged()
        }
        if format & 0x80 != 0 {
            let supplements = try byte(at)
            at += 1
            for _ in 0..<supplements {
                let code = try byte(at)
                if let glyph = name(try uint(at + 1, size: 2)) { result[UInt8(code)] = glyph }
                at += 3
            }
        }
        return result
    }
}

/// The CFF standard strings, by string id.
enum CFFStrings {
    static let standard: [String] = TableText.fields(TextData.cffStandardStrings, separator: TableText.space).map(String.init)
}
