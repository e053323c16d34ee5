/// Finding a standard font from the names real PDFs use, and moving between faces of a family.
extension StandardFont {
    /// The resource names Acrobat and other producers give the standard fonts in `/DR` and `/DA`.
    private static let resourceNames: [String: StandardFont] = [
        "Helv": .helvetica, "HeBo": .helveticaBold, "HeOb": .helveticaOblique, "HeBO": .helveticaBoldOblique,
        "TiRo": .timesRoman, "TiBo": .timesBold, "TiIt": .timesItalic, "TiBI": .timesBoldItalic,
        "Cour": .courier, "CoBo": .courierBold, "CoOb": .courierOblique, "CoBO": .courierBoldOblique,
        "Symb": .symbol, "ZaDb": .zapfDingbats,
        // URW's name for its ZapfDingbats clone, which has no family word to match.
        "D050000L": .zapfDingbats,
    ]

    /// Family names (lower case, letters only) and the standard family each stands for:
    /// the standard names, the Windows and Mac fonts PDFs substitute with them, and the
    /// metric-compatible free clones.
    private static let familyNames: [(String, StandardFont)] = [
        ("dingbats", .zapfDingbats), ("symbol", .symbol),
        ("courier", .courier), ("nimbusmono", .courier), ("liberationmono", .courier), ("cousine", .courier),
        ("times", .timesRoman), ("nimbusroman", .timesRoman),
        ("liberationserif", .timesRoman), ("tinos", .timesRoman),
        ("helvetica", .helvetica), ("arial", .helvetica), ("nimbussans", .helvetica),
        ("liberationsans", .helvetica), ("arimo", .helvetica),
    ]

    /// The standard font a font name stands for, or `nil` if it names none.
    ///
    /// Accepted, in this order:
    /// - the 14 `BaseFont` names, exactly (`Helvetica-Bold`), with or without a leading `/` and a
    ///   subset tag (`ABCDEF+Helvetica`);
    /// - Acrobat's resource names from `/DA` strings: `Helv`, `HeBo`, `HeOb`, `HeBO`, `TiRo`,
    ///   `TiBo`, `TiIt`, `TiBI`, `Cour`, `CoBo`, `CoOb`, `CoBO`, `Symb`, `ZaDb` (and URW's `D050000L`);
    /// - any spelling of a family that contains its name, ignoring case and punctuation: Helvetica,
    ///   Arial (`ArialMT`, `Arial,Bold`, `Arial-BoldItalicMT`), Times and Times New Roman
    ///   (`TimesNewRomanPS-BoldMT`), Courier and Courier New, Symbol, ZapfDingbats, and the
    ///   metric-compatible Nimbus, Liberation and Croscore clones. The face comes from the words
    ///   `Bold`, `Black`, `Heavy`, `Italic` and `Oblique` anywhere in the name.
    ///
    /// Fonts that are not metric-compatible (Calibri, Verdana...) give `nil`, so a caller can fall
    /// back knowingly, usually to Helvetica.
    public static func resolve(_ name: String) -> StandardFont? {
        var trimmed = Substring(name).drop { $0 == " " || $0 == "/" }
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        if let plus = trimmed.firstIndex(of: "+"), trimmed.distance(from: trimmed.startIndex, to: plus) == 6,
            trimmed[..<plus].allSatisfy({ $0.isASCII && $0.isUppercase })
        {
            trimmed = trimmed[trimmed.index(after: plus)...]
        }
        let exact = String(trimmed)
        if let font = StandardFont(rawValue: exact) ?? resourceNames[exact] { return font }

        let key = String(exact.lowercased().filter { $0.isASCII && $0.isLetter })
        guard !key.isEmpty, let family = familyNames.first(where: { key.contains($0.0) })?.1 else { return nil }
        let bold = ["bold", "black", "heavy"].contains { key.contains($0) }
        let italic = ["italic", "oblique"].contains { key.contains($0) }
        return family.withTraits(bold: bold, italic: italic)
    }

    /// The face of the same family with the given weight and slant.
    ///
    /// Times' slanted faces are italic, Helvetica's and Courier's oblique. Symbol and ZapfDingbats
    /// have one face each and return themselves.
    public func withTraits(bold: Bool, italic: Bool) -> StandardFont {
        let faces: [StandardFont]  // regular, bold, slanted, bold slanted
        switch self {
        case .helvetica, .helveticaBold, .helveticaOblique, .helveticaBoldOblique:
            faces = [.helvetica, .helveticaBold, .helveticaOblique, .helveticaBoldOblique]
        case .timesRoman, .timesBold, .timesItalic, .timesBoldItalic:
            faces = [.timesRoman, .timesBold, .timesItalic, .timesBoldItalic]
        case .courier, .courierBold, .courierOblique, .courierBoldOblique:
            faces = [.courier, .courierBold, .courierOblique, .courierBoldOblique]
        case .symbol, .zapfDingbats:
            return self
        }
        return faces[(bold ? 1 : 0) + (italic ? 2 : 0)]
    }
}
