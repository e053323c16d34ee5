/// From glyph names to text, and the standard encodings and widths that name glyphs by code:
/// the tables of `TextData+Generated.swift` (scripts/generate_text_data.py), split on first use.
enum GlyphNames {
    /// The Adobe Glyph List, name to text.
    private static let glyphList: [String: String] = table(TextData.glyphList)
    /// ZapfDingbats' names (a1, a2, ...) to text.
    private static let zapfDingbats: [String: String] = table(TextData.zapfDingbatsGlyphs)

    private static func table(_ data: String) -> [String: String] {
        var result: [String: String] = [:]
        result.reserveCapacity(4_400)
        for line in TableText.fields(data, separator: TableText.newline) {
            guard let (name, values) = TableText.cut(line, at: TableText.space) else { continue }
            var scalars = String.UnicodeScalarView()
            for value in TableText.fields(values, separator: TableText.comma) {
                if let scalar = UInt32(value, radix: 16).flatMap(Unicode.Scalar.init) { scalars.append(scalar) }
            }
            result[String(name)] = String(scalars)
        }
        return result
    }

    /// The text a glyph name stands for (Adobe's "Unicode and Glyph Names" rules): a name of
    /// the Glyph List, `uniXXXX` (one or more groups of four hex digits), `uXXXX` to
    /// `uXXXXXX`, components joined by `_` (`f_f_i`), a suffix after `.` ignored (`a.sc`);
    /// `zapf` reads ZapfDingbats' own names first. Nil for a name that says nothing (`g42`,
    /// `.notdef`).
    static func text(for name: String, zapf: Bool = false) -> String? {
        if zapf, let text = zapfDingbats[name] { return text }
        if let text = glyphList[name] { return text }
        var base = Substring(name)
        if let dot = base.firstIndex(of: "."), dot != base.startIndex { base = base[..<dot] }
        if base.contains("_") {
            let parts = base.split(separator: "_").map { component(String($0), zapf: zapf) }
            guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
            return parts.compactMap { $0 }.joined()
        }
        return component(String(base), zapf: zapf)
    }

    private static func component(_ name: String, zapf: Bool) -> String? {
        if zapf, let text = zapfDingbats[name] { return text }
        if let text = glyphList[name] { return text }
        let utf8 = Array(name.utf8)
        if utf8.count >= 7, name.hasPrefix("uni"), (utf8.count - 3) % 4 == 0 {
            var scalars: [Unicode.Scalar] = []
            var index = 3
            while index < utf8.count {
                guard let value = UInt32(String(decoding: utf8[index..<(index + 4)], as: UTF8.self), radix: 16),
                      !(0xD800...0xDFFF).contains(value), let scalar = Unicode.Scalar(value)
                else { return nil }
                scalars.append(scalar)
                index += 4
            }
            return String(String.UnicodeScalarView(scalars))
        }
        if (5...7).contains(utf8.count), utf8[0] == UInt8(ascii: "u"),
           let value = UInt32(String(decoding: utf8[1...], as: UTF8.self), radix: 16),
           utf8[1...].allSatisfy({ $0 < 0x80 && ($0 < 0x61 || $0 > 0x66) }),  // upper-case hex only
           !(0xD800...0xDFFF).contains(value), let scalar = Unicode.Scalar(value) {
            return String(scalar)
        }
        return nil
    }
}

/// The single-byte encodings a simple font starts from (ISO 32000-2, 9.6.5 and Annex D).
enum BaseEncoding: Sendable {
    case standard, macRoman, winAnsi, symbol, zapfDingbats

    /// The encoding a `/Encoding` or `/BaseEncoding` name selects (MacExpertEncoding, whose
    /// glyphs are old-style figures and small capitals, is read as Standard).
    init?(name: String) {
        switch name {
        case "StandardEncoding", "MacExpertEncoding": self = .standard
        case "MacRomanEncoding": self = .macRoman
        case "WinAnsiEncoding": self = .winAnsi
        default: return nil
        }
    }

    /// The 256 glyph names, nil where the code has none.
    var names: [String?] {
        switch self {
        case .standard: return Self.standardNames
        case .macRoman: return Self.macRomanNames
        case .winAnsi: return Self.winAnsiNames
        case .symbol: return Self.symbolNames
        case .zapfDingbats: return Self.zapfDingbatsNames
        }
    }

    private static let standardNames = split(TextData.standardEncoding)
    private static let macRomanNames = split(TextData.macRomanEncoding)
    private static let winAnsiNames = split(TextData.winAnsiEncoding)
    private static let symbolNames = split(TextData.symbolEncoding)
    private static let zapfDingbatsNames = split(TextData.zapfDingbatsEncoding)

    private static func split(_ line: String) -> [String?] {
        let names = TableText.fields(line, separator: TableText.space).map { $0 == "-" ? nil : String($0) }
        return names.count == 256 ? names : Array(repeating: nil, count: 256)
    }
}

/// The advance widths of the standard 14 fonts by glyph name, for fonts that name one of
/// them and give no `/Widths` (ISO 32000-2, 9.6.2.2, allows that for the standard 14 only).
enum StandardGlyphWidths {
    /// The widths of `font`, by glyph name, in 1/1000 of the font size. Split from the
    /// generated text on each call (a few hundred entries; a font is read once per document).
    static func widths(of font: StandardFont) -> [String: Int] {
        guard let data = TextData.standardWidths[font.rawValue] else { return [:] }
        let items = TableText.fields(data, separator: TableText.space)
        var widths: [String: Int] = [:]
        widths.reserveCapacity(items.count / 2)
        var index = 0
        while index + 1 < items.count {
            widths[String(items[index])] = Int(items[index + 1]) ?? 0
            index += 2
        }
        return widths
    }
}
