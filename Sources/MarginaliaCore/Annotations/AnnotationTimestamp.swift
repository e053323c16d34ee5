/// A moment in time, as an annotation's `/CreationDate` and `/M` record it: seconds since
/// 2001-01-01 00:00:00 UTC, the reference Foundation's `Date` counts from, so that Marginalia's
/// conversions to and from `Date` are exact. Foundation-free, for the engine in the browser.
public struct AnnotationTimestamp: Hashable, Comparable, Sendable {
    /// Seconds since 2001-01-01 00:00:00 UTC (negative before it).
    public var secondsSinceReferenceDate: Double

    /// The moment `seconds` after 2001-01-01 00:00:00 UTC.
    public init(secondsSinceReferenceDate seconds: Double) {
        self.secondsSinceReferenceDate = seconds
    }

    public static func < (a: AnnotationTimestamp, b: AnnotationTimestamp) -> Bool {
        a.secondsSinceReferenceDate < b.secondsSinceReferenceDate
    }
}
