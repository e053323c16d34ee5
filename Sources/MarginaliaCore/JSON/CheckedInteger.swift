/// Where a number from outside becomes an integer: the one conversion for JSON, query strings,
/// headers and geometry, exact at the edges of `Int`.
///
/// Swift's `Int(_ value: Double)` stops the process when `value` is NaN, infinite or out of
/// range, and `Double(Int.max)` rounds up to 2^63, so a range check written as
/// `value <= Double(Int.max)` lets 2^63 through to a conversion that traps (one such request once
/// stopped a server). These initialisers never trap: `Int(checking:)` answers nil for anything
/// that is not exactly a whole number in range (every Double at or above 2^63, every fraction,
/// NaN and the infinities), and `Int(saturating:)` is for derived quantities (a count of steps,
/// a pixel size) that may be clamped.
extension Int {
    /// `value` when it is exactly a whole number within `range`, else nil.
    public init?(checking value: Double, in range: ClosedRange<Int> = Int.min...Int.max) {
        guard let whole = Int(exactly: value), range.contains(whole) else { return nil }
        self = whole
    }

    /// The decimal digits of `text` (an optional sign, then ASCII digits, nothing else) when
    /// they name a whole number within `range`, else nil: `"1e3"`, `"1.0"`, `" 1"`, `"0x10"` and
    /// `"9223372036854775808"` are refused.
    public init?(checking text: Substring, in range: ClosedRange<Int> = Int.min...Int.max) {
        guard let whole = Int(text, radix: 10), range.contains(whole) else { return nil }
        self = whole
    }

    /// `value` rounded toward zero and clamped to `range`; NaN gives the range's value nearest
    /// zero. For sizes and counts derived from geometry, whose extremes only need to stay in range.
    public init(saturating value: Double, in range: ClosedRange<Int> = Int.min...Int.max) {
        if value.isNaN {
            self = Swift.min(Swift.max(0, range.lowerBound), range.upperBound)
        } else if value <= Double(range.lowerBound) {
            self = range.lowerBound
        } else if value >= Double(range.upperBound) {
            // Double(upperBound) may round up past it (2^63 for Int.max): clamp, never convert.
            self = range.upperBound
        } else {
            self = Swift.min(Swift.max(Int(value.rounded(.towardZero)), range.lowerBound), range.upperBound)
        }
    }
}
