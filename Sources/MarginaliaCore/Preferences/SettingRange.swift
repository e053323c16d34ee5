#if !hasFeature(Embedded)
import Foundation
#endif

/// Sanitising of numeric settings: NaN, infinities and values that make no sense fall back,
/// values merely too large or too small are clamped into `range`.
enum SettingRange {
    /// A positive length such as a stroke width: NaN, infinite, zero or negative values give
    /// `fallback`; others are clamped into `range`.
    static func length(_ value: Double, in range: ClosedRange<Double>, fallback: Double) -> Double {
        guard value.isFinite, value > 0 else { return fallback }
        return min(range.upperBound, max(range.lowerBound, value))
    }

    /// A fraction such as an opacity: NaN gives `fallback`; others are clamped into `range`.
    static func fraction(_ value: Double, in range: ClosedRange<Double>, fallback: Double) -> Double {
        guard !value.isNaN else { return fallback }
        return min(range.upperBound, max(range.lowerBound, value))
    }
}
