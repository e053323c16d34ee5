import PDFCore

/// The height of a font's glyph boxes above and below the baseline, in 1/1000 of the size,
/// as the font program itself gives it: what MuPDF (and so PyMuPDF) sizes character boxes
/// by, through FreeType: 'hhea' ascender and descender of TrueType and OpenType programs
/// (OS/2's when 'hhea' has none), the FontBBox of Type 1 and CFF programs.
enum FontProgramExtent {
    static func extent(kind: String, program bytes: [UInt8]) -> (ascent: Double, descent: Double)? {
        switch kind {
        case "FontFile2", "OpenType": return sfnt(bytes)
        case "FontFile": return type1(bytes)
        case "Type1C", "CIDFontType0C": return cff(bytes)
        default: return nil
        }
    }

    private static func u16(_ b: [UInt8], _ at: Int) -> Int? {
        at >= 0 && at + 2 <= b.count ? Int(b[at]) << 8 | Int(b[at + 1]) : nil
    }

    private static func i16(_ b: [UInt8], _ at: Int) -> Int? { u16(b, at).map { Int(Int16(truncatingIfNeeded: $0)) } }

    private static func sfnt(_ b: [UInt8]) -> (Double, Double)? {
        guard let count = u16(b, 4), count < 1_000 else { return nil }
        var tables: [String: Int] = [:]
        for index in 0..<count {
            let at = 12 + 16 * index
            guard at + 16 <= b.count else { break }
            let tag = String(decoding: b[at..<(at + 4)], as: UTF8.self)
            let offset = Int(b[at + 8]) << 24 | Int(b[at + 9]) << 16 | Int(b[at + 10]) << 8 | Int(b[at + 11])
            tables[tag] = offset
        }
        guard let head = tables["head"], let unitsPerEm = u16(b, head + 18), unitsPerEm >= 16 else { return nil }
        var ascent = 0, descent = 0
        if let hhea = tables["hhea"] { ascent = i16(b, hhea + 4) ?? 0; descent = i16(b, hhea + 6) ?? 0 }
        if ascent == 0 && descent == 0, let os2 = tables["OS/2"] {
            ascent = i16(b, os2 + 68) ?? 0
            descent = i16(b, os2 + 70) ?? 0
        }
        guard ascent != 0 || descent != 0 else { return nil }
        let scale = 1000 / Double(unitsPerEm)
        return (Double(ascent) * scale, Double(descent) * scale)
    }

    /// `/FontBBox {llx lly urx ury}` (or with brackets) in the clear text of a Type 1 program.
    private static func type1(_ b: [UInt8]) -> (Double, Double)? {
        let marker = Array("/FontBBox".utf8)
        let limit = min(b.count, 65_536)
        guard limit >= marker.count else { return nil }
        for start in 0...(limit - marker.count) where b[start] == marker[0] && Array(b[start..<(start + marker.count)]) == marker {
            var numbers: [Double] = []
            var token = ""
            for byte in b[(start + marker.count)..<min(limit, start + marker.count + 80)] {
                let c = Character(Unicode.Scalar(byte))
                if c.isNumber || c == "-" || c == "." {
                    token.append(c)
                } else {
                    if let value = Double(token) { numbers.append(value) }
                    token = ""
                    if numbers.count == 4 || c == "}" || c == "]" { break }
                }
            }
            guard numbers.count == 4 else { return nil }
            return (numbers[3], numbers[1])
        }
        return nil
    }

    /// The Top DICT's FontBBox (operator 5) of a CFF program.
    private static func cff(_ b: [UInt8]) -> (Double, Double)? {
        guard let box = CFFEncoding.fontBBox(b), box.count == 4 else { return nil }
        return (Double(box[3]), Double(box[1]))
    }
}
