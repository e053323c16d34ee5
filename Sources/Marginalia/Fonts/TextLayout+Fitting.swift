import Foundation

/// Choosing a font size, for auto-sized form fields (`/DA` with size 0) and free text that must
/// fit its box.
extension TextLayout {
    /// Font sizes are searched for and returned in steps of 1/100 pt.
    static let stepsPerPoint = 100.0

    /// The smallest size the search considers.
    static let smallestSize = 0.01

    /// The largest size the search considers; far beyond any page (PDF pages are at most 14,400 pt).
    static let largestSize = 100_000.0

    /// The largest font size at which `text` fits in a box.
    ///
    /// Text fits when every line is at most `size.width` wide and the lines, ``lineHeight(font:size:)``
    /// apart, take at most `size.height` (an empty text takes one line). With `wrapping` the text is
    /// broken into lines as ``lines(for:font:size:maxWidth:)`` does, as in a multiline field; without
    /// it each paragraph stays on one line, as in a single-line field. The box is the space for
    /// text: subtract borders and padding first.
    ///
    /// - Parameters:
    ///   - text: The text to fit.
    ///   - font: The font it is drawn in.
    ///   - size: The box for the text, in points.
    ///   - maximum: The largest size to return, e.g. 12 for an auto-sized multiline field.
    ///   - minimum: The size to return if even it does not fit.
    ///   - wrapping: Whether lines may wrap at the box width.
    /// - Returns: `maximum` if the text fits at that size, otherwise the largest multiple of 0.01 pt
    ///   in `minimum...maximum` at which it fits, otherwise `minimum`. Bounds are clamped to
    ///   0.01...100,000 pt (NaN `minimum` counts as 0.01, NaN `maximum` as `minimum`), and a
    ///   `maximum` below `minimum` counts as `minimum`. A box of zero, negative or non-finite size
    ///   fits nothing, which gives `minimum`.
    public static func fittingFontSize(
        for text: String, font: StandardFont, in size: CGSize, maximum: Double, minimum: Double,
        wrapping: Bool = true
    ) -> Double {
        fittingFontSize(for: text, font: StandardFontFace(font) as any PDFFont, in: size, maximum: maximum,
                        minimum: minimum, wrapping: wrapping)
    }

    /// The largest font size at which `text` fits in a box, in any font (an embedded one
    /// too); see ``fittingFontSize(for:font:in:maximum:minimum:wrapping:)``. A
    /// ``StandardFontFace`` is measured exactly as its ``StandardFont`` is.
    public static func fittingFontSize(
        for text: String, font: any PDFFont, in size: CGSize, maximum: Double, minimum: Double,
        wrapping: Bool = true
    ) -> Double {
        fittingFontSize(in: size, maximum: maximum, minimum: minimum) { fontSize in
            let lines = layout(for: text, font: font, size: fontSize, maxWidth: wrapping ? Double(size.width) : .infinity)
            return (lines.count, lines.map(\.width), lineHeight(font: font, size: fontSize))
        }
    }

    /// The largest font size at which text laid out by `layout` fits in a box: `layout` gives,
    /// for a size, the number of lines, their widths and the distance between baselines
    /// (shaped text measures itself this way: ``AppearanceTextFont``). Bounds as
    /// ``fittingFontSize(for:font:in:maximum:minimum:wrapping:)`` takes them.
    static func fittingFontSize(in size: CGSize, maximum: Double, minimum: Double,
                                layout: (Double) -> (count: Int, widths: [Double], lineHeight: Double)) -> Double {
        let lower = clampSize(minimum, fallback: smallestSize)
        let upper = max(lower, clampSize(maximum, fallback: lower))
        let box = (width: Double(size.width), height: Double(size.height))
        guard box.width > 0, box.width.isFinite, box.height > 0, box.height.isFinite else { return lower }

        func fits(_ fontSize: Double) -> Bool {
            let lines = layout(fontSize)
            let height = Double(lines.count) * lines.lineHeight
            return height <= box.height + tolerance && lines.widths.allSatisfy { $0 <= box.width + tolerance }
        }

        if fits(upper) { return upper }
        // Search the steps strictly between `lower` and `upper` for the largest that fits;
        // the bounds keep these integers small (at most 10 million steps).
        var low = Int((lower * stepsPerPoint).rounded(.up))  // candidates below `low` are not considered
        var high = Int((upper * stepsPerPoint).rounded(.down))
        if Double(high) / stepsPerPoint >= upper { high -= 1 }
        var best: Double? = nil
        while low <= high {
            let middle = low + (high - low) / 2
            let candidate = Double(middle) / stepsPerPoint
            if candidate >= lower, fits(candidate) {
                best = candidate
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return best ?? lower
    }

    /// `value` clamped to the searchable sizes, or `fallback` if it is NaN.
    private static func clampSize(_ value: Double, fallback: Double) -> Double {
        guard !value.isNaN else { return fallback }
        return min(max(value, smallestSize), largestSize)
    }
}
