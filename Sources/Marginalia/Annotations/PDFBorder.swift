/// How an annotation's border is drawn: `/BS` (ISO 32000-2, 12.5.4), with `/Border` read
/// as a fallback.
public struct PDFBorder: Hashable, Sendable {
    public enum Style: String, Sendable, CaseIterable {
        case solid = "S", dashed = "D", beveled = "B", inset = "I", underline = "U"
    }

    /// Width in points; 0 draws no border.
    public var width: Double
    public var style: Style
    /// Dash lengths (on, off, ...) for the dashed style.
    public var dashPattern: [Double]

    public init(width: Double = 1, style: Style = .solid, dashPattern: [Double] = [3]) {
        self.width = width
        self.style = style
        self.dashPattern = dashPattern
    }
}
