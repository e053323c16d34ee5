import Foundation
import MarginaliaCore

/// The core's Foundation-free moments as Foundation dates, exactly: both count seconds from
/// 2001-01-01 00:00:00 UTC.
extension AnnotationTimestamp {
    /// The moment `date` is.
    public init(_ date: Date) {
        self.init(secondsSinceReferenceDate: date.timeIntervalSinceReferenceDate)
    }

    /// This moment as a `Date`.
    public var date: Date { Date(timeIntervalSinceReferenceDate: secondsSinceReferenceDate) }
}
