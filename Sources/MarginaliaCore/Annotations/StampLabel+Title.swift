#if !hasFeature(Embedded)
import Foundation
#endif

extension StampLabel {
    /// Where a named stamp's title is drawn and how large, in ``StampLabel/titleFont`` (the standard
    /// font, not embedded): the appearance stream writes the title with these numbers, and the
    /// browser's overlay draws it where they say (the bridge's `stampLabel`), so the two agree
    /// to the glyph (docs/engine.md, "Drawn once").
    public struct TitleLayout: Equatable, Sendable {
        /// The font size: the largest up to ``StampLabel/maximumFontSize`` at which the title
        /// fits ``StampLabel/titleWidth`` (at least 1).
        public var fontSize: Double
        /// The left end of the title's baseline: the title is centred in the frame.
        public var x: Double
        /// The baseline, (ascent + descent) / 2 of the size below the frame's middle.
        public var baseline: Double
        /// The title's width at ``fontSize``.
        public var width: Double
    }

    /// The title laid out in ``StampLabel/titleFont``'s widths (Helvetica-Bold's,
    /// no kerning, as `Tj` draws it): each Unicode scalar measured by its WinAnsi code (one
    /// WinAnsi lacks as `?`, which the standard font draws in its place), the widest line of
    /// the title (lines broken at CR and LF) deciding the size.
    public var titleLayout: TitleLayout {
        let metrics = Self.titleMetrics
        let units = Self.widestLineUnits(title, metrics)
        let size = fontSize(titleWidthAtOne: Double(units) * 1 / 1000)
        let width = Double(units) * size / 1000
        return TitleLayout(fontSize: size, x: Double(frame.midX) - width / 2,
                           baseline: Double(frame.midY) - Double(metrics.ascent + metrics.descent) / 2 * size / 1000, width: width)
    }

    /// The width in 1/1000 units of the widest line of `text` in `metrics`.
    static func widestLineUnits(_ text: String, _ metrics: StandardFontMetrics) -> Int {
        var widest = 0, line = 0
        for scalar in text.unicodeScalars {
            if scalar.value == 0x0A || scalar.value == 0x0D {
                line = 0
                continue
            }
            line += metrics.width(ofCode: WinAnsiCodes.code(forScalar: scalar.value) ?? WinAnsiCodes.replacementCode)
            widest = max(widest, line)
        }
        return widest
    }
}
