import CCairo
import Foundation
import Marginalia
import PDFCore

/// A simple font (Type1 or TrueType, one byte per glyph) as the renderer draws it: advance
/// widths from the font's `/Widths` or the standard-14 metrics, characters from WinAnsi (or
/// the ZapfDingbats codes forms use), and glyphs from the metric-compatible URW faces that
/// fontconfig finds (Nimbus Sans for Helvetica, Nimbus Roman for Times, Nimbus Mono PS for
/// Courier; Debian's fonts-urw-base35), as Poppler does for fonts a file does not embed.
struct RenderFont {
    let family: String
    let bold: Bool
    let italic: Bool
    private let standard: StandardFont?
    private let firstChar: Int
    private let widths: [Double]
    /// Whether the file embeds a font program, which is not used (drawn with the substitute).
    let embedsProgram: Bool

    /// The font a `/Font` resource describes, or nil for a composite or Type 3 font (whose
    /// text the renderer does not draw).
    init?(dictionary d: PDFDictionary, file: PDFFile) {
        let subtype = d["Subtype"]?.nameValue ?? "Type1"
        guard ["Type1", "TrueType", "MMType1"].contains(subtype) else { return nil }
        let base = (try? file.resolve(d["BaseFont"] ?? .null))?.nameValue ?? "Helvetica"
        standard = StandardFont.resolve(base)
        let lower = base.lowercased()
        let descriptor = try? file.dictionary(d["FontDescriptor"])
        embedsProgram = ["FontFile", "FontFile2", "FontFile3"].contains { descriptor?[$0] != nil }
        if let standard {
            switch standard {
            case .timesRoman, .timesBold, .timesItalic, .timesBoldItalic: family = "Nimbus Roman"
            case .courier, .courierBold, .courierOblique, .courierBoldOblique: family = "Nimbus Mono PS"
            case .symbol: family = "Standard Symbols PS"
            case .zapfDingbats: family = "D050000L"
            default: family = "Nimbus Sans"
            }
            bold = standard.isBold
            italic = standard.isItalic
        } else {
            family = lower.contains("times") || lower.contains("serif") && !lower.contains("sans") ? "Nimbus Roman"
                : lower.contains("courier") || lower.contains("mono") ? "Nimbus Mono PS" : "Nimbus Sans"
            bold = lower.contains("bold") || lower.contains("black")
            italic = lower.contains("italic") || lower.contains("oblique")
        }
        firstChar = file.firstCharacterCode(of: d)
        widths = ((try? file.resolve(d["Widths"] ?? .null))?.arrayValue ?? []).map { (try? file.resolve($0))?.numberValue ?? 0 }
    }

    /// The advance width of `code` in thousandths of the font size.
    func width(of code: UInt8) -> Double {
        let index = Int(code) - firstChar
        if index >= 0, index < widths.count { return widths[index] }
        if let standard { return standard.width(ofCode: code) }
        return 500
    }

    /// The text to draw for `code`.
    func character(for code: UInt8) -> String? {
        if standard == .zapfDingbats {
            // The codes check boxes and radio buttons use (9.6.2.2, Annex D.6).
            let dingbats: [UInt8: String] = [0x34: "\u{2714}", 0x38: "\u{2718}", 0x6C: "\u{25CF}", 0x6E: "\u{25A0}",
                                              0x75: "\u{25C6}", 0x48: "\u{2605}", 0x33: "\u{2713}"]
            return dingbats[code]
        }
        guard code >= 0x20, let character = WinAnsiEncoding.character(for: code) else { return nil }
        return String(character)
    }

    /// Makes this font cairo's current font face, at size 1.
    func select(in cr: OpaquePointer) {
        cairo_select_font_face(cr, family, italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 1)
    }
}
