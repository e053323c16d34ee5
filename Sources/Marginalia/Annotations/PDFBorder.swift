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

/// The shapes at the ends of lines and polylines (`/LE`, ISO 32000-2, Table 179).
public enum LineEnding: String, Hashable, Sendable, CaseIterable {
    case none = "None", square = "Square", circle = "Circle", diamond = "Diamond"
    case openArrow = "OpenArrow", closedArrow = "ClosedArrow", butt = "Butt"
    case reversedOpenArrow = "ROpenArrow", reversedClosedArrow = "RClosedArrow", slash = "Slash"

    /// The name used in the project's JSON: `openArrow`, `closedArrow`...
    public var jsonName: String {
        switch self {
        case .reversedOpenArrow: return "rOpenArrow"
        case .reversedClosedArrow: return "rClosedArrow"
        default: return rawValue.prefix(1).lowercased() + rawValue.dropFirst()
        }
    }

    public init?(jsonName: String) {
        guard let match = LineEnding.allCases.first(where: { $0.jsonName == jsonName }) else { return nil }
        self = match
    }
}
