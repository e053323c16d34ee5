/// The metrics of one standard font, in 1/1000 text-space units (a glyph's width at size 1000).
///
/// The values live in `StandardFontMetrics+Data.swift`, generated from AFM files by
/// `scripts/generate_font_metrics.py`; Marginalia's `StandardFont` exposes them as its public
/// API. They are in the core, Foundation-free, so that the browser's engine measures a named
/// stamp's title in the widths its appearance stream uses (``StampLabel/titleLayout``).
public struct StandardFontMetrics: Sendable {
    /// Height of ascenders above the baseline (the top of `d`; the FontBBox top for symbol fonts).
    public let ascent: Int
    /// Depth of descenders below the baseline, negative (the bottom of `p`; FontBBox bottom for symbol fonts).
    public let descent: Int
    public let capHeight: Int
    public let xHeight: Int
    /// Degrees counter-clockwise from the vertical; negative for fonts that slant to the right.
    public let italicAngle: Double
    /// `[llx, lly, urx, ury]`, as in a PDF FontBBox array.
    public let fontBBox: [Int]
    public let isFixedPitch: Bool
    /// 256 advance widths indexed by the font's single-byte code (WinAnsi or built-in encoding).
    public let widths: [UInt16]

    /// The advance width of `code`; a table that is short for any reason gives 0, never a trap.
    public func width(ofCode code: UInt8) -> Int {
        let index = Int(code)
        return index < widths.count ? Int(widths[index]) : 0
    }
}
