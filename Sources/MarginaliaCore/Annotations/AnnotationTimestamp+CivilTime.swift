/// A moment as a calendar date and a time of day, counted by hand as ICU's calendar counts
/// (``CivilCalendar``): the annotation JSON's dates and the PDF's date strings (`D:…`, which
/// the native build writes) both read their fields from here, with no `Calendar` set up for
/// each date.
extension AnnotationTimestamp {
    /// A date and a time of day in whole seconds: the year astronomical (0 is 1 BC), the
    /// month 1...12, the day 1...31, the hour 0...23, the minute and second 0...59.
    public struct CivilTime: Equatable, Sendable {
        public var year: Int64
        public var month: Int64
        public var day: Int64
        public var hour: Int64
        public var minute: Int64
        public var second: Int64
    }

    /// This moment's date and time of day `offset` seconds east of UTC, the fraction of a
    /// second dropped (rounded down); nil for a moment (with the offset) before
    /// -4712-01-01T12:00:00 or from 506713-02-07 on, which Foundation writes otherwise.
    public func civilTime(secondsEastOfUTC offset: Int64) -> CivilTime? {
        let seconds = secondsSinceReferenceDate
        // NaN fails both comparisons; the offset is checked against the range whole.
        guard seconds > Double(CivilCalendar.earliestWritten) - Double(offset),
              seconds < Double(CivilCalendar.latestWritten) - Double(offset)
        else { return nil }
        return CivilCalendar.time(wholeSeconds: Int64(seconds.rounded(.down)) + offset)
    }
}

extension CivilCalendar {
    /// The date and time of day `seconds` after 2001-01-01T00:00:00 (of the same zone), for a
    /// moment within ``earliestWritten`` and ``latestWritten``.
    static func time(wholeSeconds seconds: Int64) -> AnnotationTimestamp.CivilTime {
        // Int64 throughout: the WebAssembly build's Int has 32 bits.
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let time = seconds - days &* 86_400
        let (year, month, day) = date(julianDay: days + referenceJulianDay)
        return AnnotationTimestamp.CivilTime(year: year, month: month, day: day, hour: time / 3600,
                                             minute: time / 60 % 60, second: time % 60)
    }
}
