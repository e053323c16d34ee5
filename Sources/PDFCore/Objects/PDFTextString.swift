/// Text strings (ISO 32000-2, 7.9.2.2): PDFDocEncoding, UTF-16BE with a byte order mark,
/// or (PDF 2.0) UTF-8 with a byte order mark.
public enum PDFTextString {
    /// Decodes the bytes of a text string.
    public static func decode(_ bytes: [UInt8]) -> String {
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 2
            while i + 1 < bytes.count {
                units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
                i += 2
            }
            return String(decoding: units, as: UTF16.self)
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            return String(decoding: bytes[3...], as: UTF8.self)
        }
        // PDFDocEncoding is ASCII below 0x7F but for 0x18-0x1F (accents): such text, nearly
        // all of it, is its own UTF-8.
        if bytes.allSatisfy({ $0 < 0x18 || (0x20..<0x7F).contains($0) }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            scalars.append(Unicode.Scalar(docEncodingToUnicode[Int(byte)]) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    /// Encodes `text` as PDFDocEncoding when every character has a code there, otherwise as
    /// UTF-16BE with a byte order mark.
    public static func encode(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            // Printable ASCII, tab, newline and return are their own codes: no table lookup
            // for them (a hash per character was 7,700 instructions of each annotation written).
            let value = scalar.value
            if (0x20..<0x7F).contains(value) || value == 0x09 || value == 0x0A || value == 0x0D {
                bytes.append(UInt8(value))
                continue
            }
            guard let code = docEncodingCodes[value] else {
                var utf16: [UInt8] = [0xFE, 0xFF]
                for unit in text.utf16 { utf16 += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
                return utf16
            }
            bytes.append(code)
        }
        return bytes
    }

    /// PDFDocEncoding (Annex D.3): Latin-1 except for 0x18-0x1F and 0x80-0xA0;
    /// 0x7F, 0x9F and 0xAD are undefined (mapped to U+FFFD).
    static let docEncodingToUnicode: [UInt32] = {
        var table = (0...255).map { UInt32($0) }
        let low: [UInt32] = [0x02D8, 0x02C7, 0x02C6, 0x02D9, 0x02DD, 0x02DB, 0x02DA, 0x02DC]
        for (i, u) in low.enumerated() { table[0x18 + i] = u }
        let high: [UInt32] = [
            0x2022, 0x2020, 0x2021, 0x2026, 0x2014, 0x2013, 0x0192, 0x2044,
            0x2039, 0x203A, 0x2212, 0x2030, 0x201E, 0x201C, 0x201D, 0x2018,
            0x2019, 0x201A, 0x2122, 0xFB01, 0xFB02, 0x0141, 0x0152, 0x0160,
            0x0178, 0x017D, 0x0131, 0x0142, 0x0153, 0x0161, 0x017E, 0xFFFD,
            0x20AC,
        ]
        for (i, u) in high.enumerated() { table[0x80 + i] = u }
        table[0x7F] = 0xFFFD
        table[0xAD] = 0xFFFD
        return table
    }()

    static let docEncodingCodes: [UInt32: UInt8] = {
        var map: [UInt32: UInt8] = [:]
        for (code, unicode) in docEncodingToUnicode.enumerated() where unicode != 0xFFFD {
            // Control characters other than tab, newline and return are not text.
            if code < 0x20 && code != 0x09 && code != 0x0A && code != 0x0D && code < 0x18 { continue }
            map[unicode] = UInt8(code)
        }
        return map
    }()
}
