#if !hasFeature(Embedded)
import Foundation
#endif

/// How far from the page's origin a coordinate the engine writes may lie: a million points
/// (about 350 metres) either way, seventy times the largest page (ISO 32000-2, Annex C: 14,400
/// units).
///
/// Every coordinate, offset and length that arrives from outside to be written into a file
/// (commands, the annotation JSON, the CLI's input) is checked against it, and a move is
/// refused when it would take an annotation past it: a number such as 1e300 would otherwise be
/// written as three hundred digits that other readers refuse ("overflow converting to 64-bit
/// integer", qpdf) and that no page can show. Reading is not limited by it: a file another tool
/// wrote with larger numbers still opens.
public enum CoordinateLimit {
    /// The largest magnitude, in points.
    public static let magnitude: Double = 1_000_000

    /// The allowed values, for range checks and messages.
    public static var range: ClosedRange<Double> { -magnitude...magnitude }

    /// Whether `value` is finite and within ±``magnitude``.
    public static func contains(_ value: Double) -> Bool {
        value.isFinite && value >= -magnitude && value <= magnitude
    }

    /// Whether every corner of `rect` is within the limit.
    public static func contains(_ rect: CGRect) -> Bool {
        contains(Double(rect.minX)) && contains(Double(rect.maxX)) && contains(Double(rect.minY)) && contains(Double(rect.maxY))
    }

    /// What a refusal says: "from -1000000 to 1000000".
    public static let description = "from -1000000 to 1000000"
}
