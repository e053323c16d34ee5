/// The metrics of one standard font, in 1/1000 text-space units (a glyph's width at size 1000).
///
/// The values live in `StandardFontMetrics+Data.swift`, generated from AFM files by
/// `scripts/generate_font_metrics.py`; ``StandardFont`` exposes them as its public API.
struct StandardFontMetrics: Sendable {
    /// Height of ascenders above the baseline (the top of `d`; the FontBBox top for symbol fonts).
    let ascent: Int
    /// Depth of descenders below the baseline, negative (the bottom of `p`; FontBBox bottom for symbol fonts).
    let descent: Int
    let capHeight: Int
    let xHeight: Int
    /// Degrees counter-clockwise from the vertical; negative for fonts that slant to the right.
    let italicAngle: Double
    /// `[llx, lly, urx, ury]`, as in a PDF FontBBox array.
    let fontBBox: [Int]
    let isFixedPitch: Bool
    /// 256 advance widths indexed by the font's single-byte code (WinAnsi or built-in encoding).
    let widths: [UInt16]

    /// The advance width of `code`; a table that is short for any reason gives 0, never a trap.
    func width(ofCode code: UInt8) -> Int {
        let index = Int(code)
        return index < widths.count ? Int(widths[index]) : 0
    }
}
