import Foundation

/// One of the 14 standard Type 1 fonts every PDF viewer provides (ISO 32000-2, 9.6.2.2).
///
/// A PDF can use these fonts without embedding them, so annotation appearances and form fields
/// are drawn with them. The raw value is the PDF `BaseFont` name. Metrics are in 1/1000 of the
/// font size (text-space units), generated from the AFM files of URW's metric-compatible clones
/// (Debian's `fonts-urw-base35`; see `scripts/generate_font_metrics.py`).
///
/// The 12 text fonts are used with WinAnsiEncoding (``usesWinAnsi``); Symbol and ZapfDingbats
/// keep their built-in encodings, so a code means a glyph of that font (code 0x34 in ZapfDingbats
/// is the check mark of a check box).
public enum StandardFont: String, CaseIterable, Sendable {
    case helvetica = "Helvetica"
    case helveticaBold = "Helvetica-Bold"
    case helveticaOblique = "Helvetica-Oblique"
    case helveticaBoldOblique = "Helvetica-BoldOblique"
    case timesRoman = "Times-Roman"
    case timesBold = "Times-Bold"
    case timesItalic = "Times-Italic"
    case timesBoldItalic = "Times-BoldItalic"
    case courier = "Courier"
    case courierBold = "Courier-Bold"
    case courierOblique = "Courier-Oblique"
    case courierBoldOblique = "Courier-BoldOblique"
    case symbol = "Symbol"
    case zapfDingbats = "ZapfDingbats"

    // MARK: - Font descriptor values

    /// The PDF `BaseFont` name, e.g. `Helvetica-Bold`.
    public var baseFontName: String { rawValue }

    /// Height of the ascenders above the baseline, per 1000 units of font size.
    ///
    /// The URW AFM files leave `Ascender` at 0, so this is the top of the glyph `d` (the value
    /// Adobe's AFM files give); for Symbol and ZapfDingbats it is the top of the FontBBox.
    public var ascent: Double { Double(metrics.ascent) }

    /// Depth of the descenders below the baseline, negative, per 1000 units of font size.
    ///
    /// The bottom of the glyph `p`; for Symbol and ZapfDingbats the bottom of the FontBBox.
    public var descent: Double { Double(metrics.descent) }

    /// Height of flat capital letters, per 1000 units of font size.
    public var capHeight: Double { Double(metrics.capHeight) }

    /// Height of flat lower-case letters, per 1000 units of font size.
    public var xHeight: Double { Double(metrics.xHeight) }

    /// The slant in degrees counter-clockwise from vertical: negative for oblique and italic faces.
    public var italicAngle: Double { metrics.italicAngle }

    /// The union of all glyph bounding boxes, per 1000 units of font size.
    ///
    /// `minX`, `minY`, `maxX`, `maxY` are the PDF FontBBox array `[llx lly urx ury]`.
    public var fontBBox: CGRect {
        let box = metrics.fontBBox
        guard box.count == 4 else { return .zero }
        return CGRect(x: box[0], y: box[1], width: box[2] - box[0], height: box[3] - box[1])
    }

    /// Whether every glyph has the same width (the Courier family).
    public var isFixedPitch: Bool { metrics.isFixedPitch }

    /// Whether text in this font is encoded with ``WinAnsiEncoding``: true for the 12 text fonts,
    /// false for Symbol and ZapfDingbats, which use their built-in encodings.
    public var usesWinAnsi: Bool { self != .symbol && self != .zapfDingbats }

    /// Whether the face is bold.
    public var isBold: Bool {
        switch self {
        case .helveticaBold, .helveticaBoldOblique, .timesBold, .timesBoldItalic, .courierBold, .courierBoldOblique:
            return true
        default:
            return false
        }
    }

    /// Whether the face is italic or oblique.
    public var isItalic: Bool {
        switch self {
        case .helveticaOblique, .helveticaBoldOblique, .timesItalic, .timesBoldItalic, .courierOblique,
            .courierBoldOblique:
            return true
        default:
            return false
        }
    }

    // MARK: - Widths

    /// The advance width of a single-byte `code` in the font's encoding, per 1000 units of font size.
    ///
    /// For the text fonts `code` is a WinAnsi code. Missing glyphs follow what viewers draw:
    /// control codes 0x00–0x1F select `.notdef`, which draws nothing, so they are 0 wide; the unused
    /// codes from 0x21 up (0x7F, 0x81, 0x8D, 0x8F, 0x90, 0x9D) draw the bullet (ISO 32000-2,
    /// Annex D.2, note 6) and have its width. In Symbol and ZapfDingbats a code the built-in
    /// encoding leaves empty is 0 wide.
    public func width(ofCode code: UInt8) -> Double {
        Double(metrics.width(ofCode: code))
    }

    /// The width of `text` drawn at `size` points, in points.
    ///
    /// Each character is measured as ``encode(_:)`` would write it (an unencodable character is
    /// measured as its replacement). No kerning is applied, as Acrobat applies none when it draws
    /// form fields and free text with `Tj`.
    public func width(of text: String, size: Double) -> Double {
        var units = 0
        for character in text {
            units += self.units(of: character)
        }
        return StandardFont.points(units, size: size)
    }

    // MARK: - Encoding

    /// The code that draws `character` in this font, or `nil` if it has none.
    ///
    /// Text fonts use ``WinAnsiEncoding``. For Symbol and ZapfDingbats a character U+0000–U+00FF
    /// stands for the code of the same value (the way `/ZaDb` captions such as `4` name a glyph),
    /// if the built-in encoding has a glyph there.
    public func code(for character: Character) -> UInt8? {
        if usesWinAnsi { return WinAnsiEncoding.code(for: character) }
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let value = scalars.first?.value, value <= 0xFF else { return nil }
        let code = UInt8(value)
        return metrics.width(ofCode: code) > 0 ? code : nil
    }

    /// Encodes `text` as the single-byte codes to show with this font.
    ///
    /// Characters without a code are replaced by `?` (0x3F) in text fonts and by a space (0x20) in
    /// Symbol and ZapfDingbats, where `?` is some other glyph, and listed in `unencodable`.
    public func encode(_ text: String) -> (bytes: [UInt8], unencodable: [Character]) {
        if usesWinAnsi { return WinAnsiEncoding.encode(text) }
        return SingleByteEncoding.encode(text, replacement: replacementCode, code: code(for:))
    }

    // MARK: - Internal

    /// The code drawn in place of a character the font cannot encode.
    var replacementCode: UInt8 { usesWinAnsi ? WinAnsiEncoding.replacementCode : 0x20 }

    /// The width in 1/1000 units of `character` as ``encode(_:)`` writes it.
    func units(of character: Character) -> Int {
        units(of: character, metrics: metrics)
    }

    /// ``units(of:)`` with the font's ``metrics`` fetched once by the caller, for measuring
    /// many characters (each fetch copies the metrics' tables' references).
    func units(of character: Character, metrics: StandardFontMetrics) -> Int {
        metrics.width(ofCode: code(for: character) ?? replacementCode)
    }

    /// Converts a width in 1/1000 units to points at `size`; the one formula every measurement uses,
    /// so that widths computed in different places compare equal.
    static func points(_ units: Int, size: Double) -> Double {
        Double(units) * size / 1000
    }

    var metrics: StandardFontMetrics {
        switch self {
        case .helvetica: return .helvetica
        case .helveticaBold: return .helveticaBold
        case .helveticaOblique: return .helveticaOblique
        case .helveticaBoldOblique: return .helveticaBoldOblique
        case .timesRoman: return .timesRoman
        case .timesBold: return .timesBold
        case .timesItalic: return .timesItalic
        case .timesBoldItalic: return .timesBoldItalic
        case .courier: return .courier
        case .courierBold: return .courierBold
        case .courierOblique: return .courierOblique
        case .courierBoldOblique: return .courierBoldOblique
        case .symbol: return .symbol
        case .zapfDingbats: return .zapfDingbats
        }
    }
}
