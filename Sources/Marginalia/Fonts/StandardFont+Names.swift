/// Finding a standard font from the names real PDFs use, and moving between faces of a family.
extension StandardFont {
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
        StandardFontNames.resolve(name).flatMap(StandardFont.init(rawValue:))
    }

    /// The face of the same family with the given weight and slant.
    ///
    /// Times' slanted faces are italic, Helvetica's and Courier's oblique. Symbol and ZapfDingbats
    /// have one face each and return themselves.
    public func withTraits(bold: Bool, italic: Bool) -> StandardFont {
        StandardFont(rawValue: StandardFontNames.withTraits(rawValue, bold: bold, italic: italic)) ?? self
    }
}
