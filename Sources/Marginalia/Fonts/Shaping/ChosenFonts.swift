import Foundation

/// The font file of a family chosen in the text tools, embedded where the text needs more
/// than a standard font shows (docs/text-layout.md, "A chosen family"): URW's clones of the
/// standard fonts from Debian's `fonts-urw-base35`, OpenType with CFF outlines.
///
/// Times goes to Nimbus Roman and Courier to Nimbus Mono PS, each in the face of the same
/// weight and slant. Helvetica, the default, has none here: sans-serif text keeps DejaVu Sans,
/// the font it has always been embedded in. Symbol and ZapfDingbats have none either.
public enum ChosenFonts {
    /// Where `fonts-urw-base35` installs its OpenType fonts.
    public static let urwFolder = "/usr/share/fonts/opentype/urw-base35"

    /// The file of the font drawing `font`'s family in its weight and slant, or nil when the
    /// family keeps DejaVu Sans or its file is not installed.
    public static func path(for font: StandardFont) -> String? {
        let name: String
        switch font {
        case .timesRoman: name = "NimbusRoman-Regular"
        case .timesBold: name = "NimbusRoman-Bold"
        case .timesItalic: name = "NimbusRoman-Italic"
        case .timesBoldItalic: name = "NimbusRoman-BoldItalic"
        case .courier: name = "NimbusMonoPS-Regular"
        case .courierBold: name = "NimbusMonoPS-Bold"
        case .courierOblique: name = "NimbusMonoPS-Italic"
        case .courierBoldOblique: name = "NimbusMonoPS-BoldItalic"
        case .helvetica, .helveticaBold, .helveticaOblique, .helveticaBoldOblique, .symbol, .zapfDingbats: return nil
        }
        let path = urwFolder + "/" + name + ".otf"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
