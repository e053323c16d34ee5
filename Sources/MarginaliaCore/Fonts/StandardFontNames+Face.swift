/// The face of a standard font: its family, weight and slant, which the browser shows a text
/// box's text in (the bridge's `textBoxLayout` and `fontFace` answer it), so that no
/// JavaScript reads them out of a font's name.
public struct StandardFontFace: Equatable, Sendable {
    /// The family: `Helvetica`, `Times` or `Courier` (the families a text box can be set in),
    /// or `Symbol` or `ZapfDingbats`, which have one face.
    public var family: String
    /// Whether the face is bold (`Helvetica-Bold`, `Times-BoldItalic`...).
    public var bold: Bool
    /// Whether the face slants: Times' italic faces, Helvetica's and Courier's oblique ones.
    public var italic: Bool
}

extension StandardFontNames {
    /// The face of the standard font named `name` exactly (a `BaseFont` name, as
    /// ``resolve(_:)`` answers); a name that is none of the 14 is Helvetica's regular face, the
    /// font the appearance falls back to.
    public static func face(of name: String) -> StandardFontFace {
        guard let index = all.firstIndex(of: name) else { return StandardFontFace(family: "Helvetica", bold: false, italic: false) }
        guard index < 12 else { return StandardFontFace(family: name, bold: false, italic: false) }
        // `all` lists the three text families in fours: regular, bold, slanted, bold slanted.
        let family = ["Helvetica", "Times", "Courier"][index / 4]
        return StandardFontFace(family: family, bold: index % 4 == 1 || index % 4 == 3, italic: index % 4 >= 2)
    }
}
