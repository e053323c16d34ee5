import Foundation
import MarginaliaCore

/// PDF date strings (ISO 32000-2, 7.9.4): `D:YYYYMMDDHHmmSSOHH'mm'`.
public enum PDFDate {
    /// Parses a date string; every part after the year is optional, as the spec allows,
    /// and common deviations (no `D:`, a trailing apostrophe missing, `Z00'00'`) are accepted.
    public static func parse(_ text: String) -> Date? {
        var s = Substring(text.trimmingWhitespaces())
        if s.hasPrefix("D:") { s = s.dropFirst(2) }
        let digits = s.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 4, let year = Int(digits.prefix(4)) else { return nil }
        func field(_ offset: Int, _ fallback: Int) -> Int {
            let start = digits.index(digits.startIndex, offsetBy: offset, limitedBy: digits.endIndex) ?? digits.endIndex
            let end = digits.index(start, offsetBy: 2, limitedBy: digits.endIndex) ?? digits.endIndex
            return digits.distance(from: start, to: end) == 2 ? Int(digits[start..<end]) ?? fallback : fallback
        }
        var components = DateComponents()
        components.year = year
        components.month = field(4, 1)
        components.day = field(6, 1)
        components.hour = field(8, 0)
        components.minute = field(10, 0)
        components.second = field(12, 0)
        var offsetSeconds = 0
        let rest = s.dropFirst(digits.count)
        if let sign = rest.first, sign == "+" || sign == "-" {
            let tz = rest.dropFirst().filter { $0.isASCII && $0.isNumber }
            let hours = Int(tz.prefix(2)) ?? 0
            let minutes = tz.count >= 4 ? Int(tz.dropFirst(2).prefix(2)) ?? 0 : 0
            offsetSeconds = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
        }
        guard let month = components.month, (1...12).contains(month), let day = components.day, (1...31).contains(day)
        else { return nil }
        return gregorianDate(components, offsetSeconds: offsetSeconds) ?? calendarDate(components, offsetSeconds: offsetSeconds)
    }

    /// The date by Foundation's Gregorian calendar, which is lenient (February 30 is March 2,
    /// hour 24 the next day) and Julian before October 1582.
    static func calendarDate(_ components: DateComponents, offsetSeconds: Int) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offsetSeconds) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar.date(from: components)
    }

    /// The same date counted by hand, for the dates files hold: a year from 1583 (the
    /// Gregorian calendar throughout) and every field in its range; nil otherwise, for
    /// ``calendarDate(_:offsetSeconds:)`` to read. Setting up a `Calendar` and its time zone
    /// costs about 1.4 M instructions, a tenth of `marginalia info --pages N`
    /// (docs/benchmarks.md, "open", issue 36); `PDFDateTests` compare both on every day of
    /// several centuries.
    static func gregorianDate(_ components: DateComponents, offsetSeconds: Int) -> Date? {
        guard let year = components.year, let month = components.month, let day = components.day,
              let hour = components.hour, let minute = components.minute, let second = components.second,
              (1583...9999).contains(year), (1...12).contains(month), (1...daysIn(month, of: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
              abs(offsetSeconds) <= 14 * 3600
        else { return nil }
        let seconds = daysSince1970(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// `date` as `Date.ISO8601FormatStyle()` writes it (`2026-01-31T12:00:00Z`, UTC): the
    /// core's writing of it (``AnnotationTimestamp/iso8601``), counted by hand, since the
    /// format style's first use in a process sets up a calendar (1.5 M instructions, a tenth
    /// of `marginalia info --pages N`). `AnnotationTimestampTests` compare both.
    public static func iso8601(_ date: Date) -> String {
        AnnotationTimestamp(date).iso8601
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (years counted
    /// from March, so that the leap day ends a year; 146,097 days in 400 years).
    private static func daysSince1970(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y / 400  // y >= 1582
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// UTC, the zone dates are written in unless another is given: made once (a `TimeZone`
    /// made for each date written was a part of each annotation's cost).
    @usableFromInline static let utc = TimeZone(secondsFromGMT: 0) ?? .current

    /// Formats `date` as `D:YYYYMMDDHHmmSS+HH'mm'` in `timeZone` (UTC by default).
    public static func format(_ date: Date, timeZone: TimeZone = PDFDate.utc) -> String {
        let (digits, offset) = parts(date, timeZone)
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset) / 60
        return "D:" + digits + sign + two(magnitude / 60) + "'" + two(magnitude % 60) + "'"
    }

    /// Formats `date` as XMP wants it (ISO 8601: `YYYY-MM-DDTHH:mm:SS+HH:mm`).
    public static func formatXMP(_ date: Date, timeZone: TimeZone = PDFDate.utc) -> String {
        let (d, offset) = parts(date, timeZone)
        let chars = Array(d)
        func slice(_ a: Int, _ b: Int) -> String { String(chars[a..<b]) }
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset) / 60
        return "\(slice(0, 4))-\(slice(4, 6))-\(slice(6, 8))T\(slice(8, 10)):\(slice(10, 12)):\(slice(12, 14))"
            + sign + two(magnitude / 60) + ":" + two(magnitude % 60)
    }

    /// The date's digits `YYYYMMDDHHmmSS` in `timeZone`, and the zone's offset then.
    static func parts(_ date: Date, _ timeZone: TimeZone) -> (String, Int) {
        let offset = timeZone.secondsFromGMT(for: date)
        // Counted by hand (the core's count, which Foundation's Gregorian calendar agrees with
        // from year 1 to 9999: PDFDateTests): a `Calendar` set up for each date cost 14,000
        // instructions of each annotation's two (docs/benchmarks.md, "profile").
        if let t = AnnotationTimestamp(date).civilTime(secondsEastOfUTC: Int64(offset)), (1...9999).contains(t.year) {
            let digits = four(Int(t.year)) + two(Int(t.month)) + two(Int(t.day)) + two(Int(t.hour)) + two(Int(t.minute))
                + two(Int(t.second))
            return (digits, offset)
        }
        return (calendarDigits(date, timeZone), offset)
    }

    /// The date's digits as Foundation's Gregorian calendar counts them, for the years the
    /// hand count leaves to it.
    static func calendarDigits(_ date: Date, _ timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return four(c.year ?? 1970) + two(c.month ?? 1) + two(c.day ?? 1) + two(c.hour ?? 0) + two(c.minute ?? 0)
            + two(c.second ?? 0)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// `value` as `String(format: "%04d")` writes it, without Foundation's formatter: it cost
    /// a quarter of each date written, two per annotation (docs/benchmarks.md, "profile").
    static func four(_ value: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, 4 - sign.count - digits.count)) + digits
    }
}
