#if !hasFeature(Embedded)
import Foundation
#endif

/// How an annotation's border is drawn: `/BS` (ISO 32000-2, 12.5.4), with `/Border` read
/// as a fallback. The document model's `PDFBorder` is this type.
public struct AnnotationBorder: Hashable, Sendable {
    /// The widths and dash lengths, in points, a command or the CLI may newly give a border; a
    /// file's may be larger, read and drawn as given up to the ``CoordinateLimit``, and a change
    /// may keep them (``Annotation/checkNewValues(keeping:path:)``).
    public static let lengthRange: ClosedRange<Double> = 0...1000
    /// What a refusal of a border's width says it expected.
    public static var widthExpectation: String { "expected a width from \(lengthRange.spelled) points" }
    /// What a refusal of a dash says it expected.
    public static var dashExpectation: String { "expected lengths from \(lengthRange.spelled) points" }

    /// `/BS /S`: the border style (Table 168), its raw value the PDF name.
    public enum Style: String, Sendable, CaseIterable {
        case solid = "S", dashed = "D", beveled = "B", inset = "I", underline = "U"

        /// The annotation JSON's `borderStyle` name (docs/annotations-json.md; XFDF's differ:
        /// `XFDFSyntax.styleNames`).
        public var jsonName: String {
            switch self {
            case .solid: return "solid"
            case .dashed: return "dashed"
            case .beveled: return "beveled"
            case .inset: return "inset"
            case .underline: return "underline"
            }
        }

        /// What a `borderStyle` must be, for the error refusing another name: "expected
        /// solid, dashed, beveled, inset or underline".
        public static var expectedNames: String {
            let names = allCases.map { $0.jsonName }
            return "expected " + names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
        }

        /// The style a ``jsonName`` names; nil for any other name.
        public init?(jsonName: String) {
            guard let style = Self.allCases.first(where: { $0.jsonName == jsonName }) else { return nil }
            self = style
        }
    }

    /// Width in points; 0 draws no border.
    public var width: Double
    public var style: Style
    /// Dash lengths (on, off, ...) for the dashed style.
    public var dashPattern: [Double]

    /// A border of `width` points in `style` (1-point solid unless told).
    public init(width: Double = 1, style: Style = .solid, dashPattern: [Double] = [3]) {
        self.width = width
        self.style = style
        self.dashPattern = dashPattern
    }
}
