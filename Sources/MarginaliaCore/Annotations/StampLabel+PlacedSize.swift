#if !hasFeature(Embedded)
import Foundation
#endif

extension StampLabel {
    /// How tall a named stamp is placed when tapped with the Stamp tool, in points.
    public static let placedHeight: Double = 45
    /// The narrowest and widest a named stamp is placed, in points: a short title keeps a
    /// frame that reads as a stamp; a long one is drawn smaller rather than run off the page.
    public static let placedWidthRange: ClosedRange<Double> = 130...420

    /// The box a named stamp is placed in when tapped: ``placedHeight`` tall and as wide as
    /// its title needs to be drawn at the largest size the frame allows (its width in
    /// ``titleFont``, the font the appearance writes it in, over ``titleShare`` of the frame, plus the
    /// frame's inset), kept within ``placedWidthRange``.
    public static func placedSize(name: String) -> CGSize {
        let tall = StampLabel(name: name, box: CGRect(x: 0, y: 0, width: placedWidthRange.upperBound, height: placedHeight))
        let units = widestLineUnits(tall.title, titleMetrics)
        let titleWidth = Double(units) * tall.maximumFontSize / 1000
        let inset = Double(placedHeight) - Double(tall.frame.height)
        let width = min(placedWidthRange.upperBound, max(placedWidthRange.lowerBound, titleWidth / titleShare + inset))
        return CGSize(width: width, height: placedHeight)
    }
}
