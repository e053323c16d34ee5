/// The predefined CJK CMaps and the CID-to-Unicode tables of the four Adobe character
/// collections (ISO 32000-2, 9.7.5.2), read on first use from `CJKData+Generated.swift`
/// (scripts/generate_cjk_data.py, from Adobe's CMap resources in Debian's poppler-data).
enum PredefinedCMaps {
    /// The CMap `name` with what it inherits (`usecmap`), and its collection's ordering
    /// (`Japan1`, `GB1`, `CNS1`, `Korea1`); nil for a name not built in.
    static func cmap(named name: String) -> (map: CMap, ordering: String)? {
        guard let data = CJKData.cmaps[name] else { return nil }
        var lines = TableText.fields(data, separator: TableText.newline)
        guard !lines.isEmpty else { return nil }
        let header = TableText.fields(lines.removeFirst(), separator: TableText.space)
        guard header.count >= 2 else { return nil }
        var map = CMap()
        if header.count >= 3, let parent = cmap(named: String(header[2])) { map = parent.map }
        map.isVertical = header[1] == "1"
        var spaces: [CMap.Codespace] = []
        for line in lines {
            let fields = TableText.fields(line, separator: TableText.space)
            guard fields.count >= 3, let low = hexBytes(fields[1]), let high = hexBytes(fields[2]) else { continue }
            if fields[0] == "c" {
                spaces.append(CMap.Codespace(low: low, high: high))
            } else if fields.count == 4, let cid = UInt32(fields[3]) {
                map.addCIDRange(low: code(low), high: code(high), cid: cid)
            }
        }
        if !spaces.isEmpty { map.codespaces = spaces }
        return (map, String(header[0]))
    }

    private static func hexBytes(_ text: Substring) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0, digits.count <= 8 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = hexDigit(digits[index]), let low = hexDigit(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func code(_ bytes: [UInt8]) -> UInt32 { bytes.reduce(0) { $0 << 8 | UInt32($1) } }

    /// CID to Unicode scalar value per collection, 0 where a CID has none.
    private static let tables: [String: [UInt32]] = {
        var result: [String: [UInt32]] = [:]
        for (collection, data) in CJKData.cidToUnicode {
            var table: [UInt32] = []
            for run in TableText.fields(data, separator: TableText.space) {
                let fields = TableText.fields(run, separator: TableText.comma)
                guard fields.count >= 2, let skip = Int(fields[0], radix: 36), let first = UInt32(fields[1], radix: 16) else { continue }
                let count = fields.count > 2 ? Int(fields[2], radix: 36) ?? 1 : 1
                table += Array(repeating: 0, count: skip)
                for offset in 0..<count { table.append(first + UInt32(offset)) }
            }
            result[collection] = table
        }
        return result
    }()

    /// Unicode to CID per collection (the lowest CID of a character).
    private static let inverse: [String: [UInt32: UInt32]] = {
        var result: [String: [UInt32: UInt32]] = [:]
        for (collection, table) in tables {
            var map: [UInt32: UInt32] = [:]
            for (cid, scalar) in table.enumerated().reversed() where scalar != 0 { map[scalar] = UInt32(cid) }
            result[collection] = map
        }
        return result
    }()

    /// Whether `ordering` is one of the collections this library carries.
    static func knows(_ ordering: String) -> Bool { CJKData.cidToUnicode[ordering] != nil }

    /// The text of `cid` in collection `ordering`, or nil.
    static func text(cid: UInt32, ordering: String) -> String? {
        guard let table = tables[ordering], Int(cid) < table.count, table[Int(cid)] != 0,
              let scalar = Unicode.Scalar(table[Int(cid)]) else { return nil }
        return String(scalar)
    }

    /// The CID of a character in collection `ordering` (for the widths of fonts whose codes
    /// are Unicode), or nil.
    static func cid(of scalar: UInt32, ordering: String) -> UInt32? {
        inverse[ordering]?[scalar]
    }
}
