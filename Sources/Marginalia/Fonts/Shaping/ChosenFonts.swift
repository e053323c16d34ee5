import Foundation

/// The font file of a family chosen in the text tools, embedded where the text needs more
/// than a standard font shows (docs/text-layout.md, "A chosen family"): URW's clones of the
/// standard fonts from Debian's `fonts-urw-base35`, OpenType with CFF outlines.
///
/// Helvetica, the default, goes to Nimbus Sans, Times to Nimbus Roman and Courier to Nimbus
/// Mono PS, each in the face of the same weight and slant, so that embedded text keeps the
/// metrics and look of the family named. Symbol and ZapfDingbats have none: their text keeps
/// the script fonts and DejaVu Sans.
public enum ChosenFonts {
    /// Where `fonts-urw-base35` installs its OpenType fonts.
    public static let urwFolder = "/usr/share/fonts/opentype/urw-base35"

    /// The file of the font drawing `font`'s family in its weight and slant, or nil for Symbol
    /// and ZapfDingbats or when its file is not installed.
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
        case .helvetica: name = "NimbusSans-Regular"
        case .helveticaBold: name = "NimbusSans-Bold"
        case .helveticaOblique: name = "NimbusSans-Italic"
        case .helveticaBoldOblique: name = "NimbusSans-BoldItalic"
        case .symbol, .zapfDingbats: return nil
        }
        let path = urwFolder + "/" + name + ".otf"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
