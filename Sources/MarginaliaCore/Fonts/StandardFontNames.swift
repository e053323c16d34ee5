/// The names of the 14 standard fonts and how a font name found in a PDF or in annotation JSON
/// resolves to one: the one resolution Marginalia's `StandardFont.resolve` and the browser's
/// engine (``TextBoxLayout``) use. Foundation-free: names are compared as ASCII.
public enum StandardFontNames {
    /// The 14 `BaseFont` names (ISO 32000-2, 9.6.2.2).
    public static let all: [String] = [
        "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique",
        "Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic",
        "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique",
        "Symbol", "ZapfDingbats",
    ]

    /// The resource names Acrobat and other producers give the standard fonts in `/DR` and `/DA`.
    private static let resourceNames: [(String, String)] = [
        ("Helv", "Helvetica"), ("HeBo", "Helvetica-Bold"), ("HeOb", "Helvetica-Oblique"), ("HeBO", "Helvetica-BoldOblique"),
        ("TiRo", "Times-Roman"), ("TiBo", "Times-Bold"), ("TiIt", "Times-Italic"), ("TiBI", "Times-BoldItalic"),
        ("Cour", "Courier"), ("CoBo", "Courier-Bold"), ("CoOb", "Courier-Oblique"), ("CoBO", "Courier-BoldOblique"),
        ("Symb", "Symbol"), ("ZaDb", "ZapfDingbats"),
        // URW's name for its ZapfDingbats clone, which has no family word to match.
        ("D050000L", "ZapfDingbats"),
    ]

    /// Family names (lower case, letters only) and the standard font each stands for: the
    /// standard names, the Windows and Mac fonts PDFs substitute with them, and the
    /// metric-compatible free clones.
    private static let familyNames: [(String, String)] = [
        ("dingbats", "ZapfDingbats"), ("symbol", "Symbol"),
        ("courier", "Courier"), ("nimbusmono", "Courier"), ("liberationmono", "Courier"), ("cousine", "Courier"),
        ("times", "Times-Roman"), ("nimbusroman", "Times-Roman"), ("liberationserif", "Times-Roman"), ("tinos", "Times-Roman"),
        ("helvetica", "Helvetica"), ("arial", "Helvetica"), ("nimbussans", "Helvetica"),
        ("liberationsans", "Helvetica"), ("arimo", "Helvetica"),
    ]

    /// The `BaseFont` name of the standard font `name` stands for, or nil if it names none.
    ///
    /// Accepted, in this order: the 14 `BaseFont` names exactly, with or without a leading `/`
    /// and a subset tag (`ABCDEF+Helvetica`); Acrobat's resource names (`Helv`, `HeBo`, `TiRo`,
    /// `ZaDb`...; URW's `D050000L`); any spelling of a family that contains its name, ignoring
    /// case and punctuation (Arial, `TimesNewRomanPS-BoldMT`, Courier New, the Nimbus,
    /// Liberation and Croscore clones), the face from the words `Bold`, `Black`, `Heavy`,
    /// `Italic` and `Oblique` anywhere in the name. Fonts that are not metric-compatible
    /// (Calibri, Verdana...) give nil.
    public static func resolve(_ name: String) -> String? {
        var trimmed = Substring(name).drop { $0 == " " || $0 == "/" }
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        if let plus = trimmed.firstIndex(of: "+"), trimmed.distance(from: trimmed.startIndex, to: plus) == 6,
            trimmed[..<plus].allSatisfy({ ($0.asciiValue ?? 0) >= 0x41 && ($0.asciiValue ?? 0) <= 0x5A })
        {
            trimmed = trimmed[trimmed.index(after: plus)...]
        }
        let exact = String(trimmed)
        if all.contains(exact) { return exact }
        if let resource = resourceNames.first(where: { $0.0 == exact }) { return resource.1 }

        // Letters only, lower case (a non-ASCII character is left out).
        var key: [UInt8] = []
        for character in exact {
            guard let value = character.asciiValue else { continue }
            if value >= 0x61 && value <= 0x7A { key.append(value) }
            if value >= 0x41 && value <= 0x5A { key.append(value + 0x20) }
        }
        guard !key.isEmpty, let family = familyNames.first(where: { contains(key, $0.0) })?.1 else { return nil }
        let bold = ["bold", "black", "heavy"].contains { contains(key, $0) }
        let italic = ["italic", "oblique"].contains { contains(key, $0) }
        return withTraits(family, bold: bold, italic: italic)
    }

    /// The face of the standard font `name`'s family with the given weight and slant: Times'
    /// slanted faces are italic, Helvetica's and Courier's oblique; Symbol and ZapfDingbats
    /// (and a name that is none of the 14) have one face and give themselves.
    public static func withTraits(_ name: String, bold: Bool, italic: Bool) -> String {
        guard let index = all.firstIndex(of: name), index < 12 else { return name }
        return all[index / 4 * 4 + (bold ? 1 : 0) + (italic ? 2 : 0)]
    }

    /// The metrics of the standard font named `name` exactly (a `BaseFont` name), or nil.
    public static func metrics(_ name: String) -> StandardFontMetrics? {
        guard let index = all.firstIndex(of: name) else { return nil }
        let table: [StandardFontMetrics] = [
            .helvetica, .helveticaBold, .helveticaOblique, .helveticaBoldOblique,
            .timesRoman, .timesBold, .timesItalic, .timesBoldItalic,
            .courier, .courierBold, .courierOblique, .courierBoldOblique, .symbol, .zapfDingbats,
        ]
        return table[index]
    }

    /// Whether the standard font `name` encodes text with WinAnsiEncoding: the 12 text fonts
    /// (Symbol and ZapfDingbats keep their built-in encodings).
    public static func usesWinAnsi(_ name: String) -> Bool {
        name != "Symbol" && name != "ZapfDingbats"
    }

    /// Whether the ASCII bytes `key` contain `word` (ASCII).
    private static func contains(_ key: [UInt8], _ word: String) -> Bool {
        let needle = Array(word.utf8)
        guard needle.count <= key.count else { return false }
        for start in 0...(key.count - needle.count) where key[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
