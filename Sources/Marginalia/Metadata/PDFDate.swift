import Foundation

/// PDF date strings (ISO 32000-2, 7.9.4): `D:YYYYMMDDHHmmSSOHH'mm'`.
public enum PDFDate {
    /// Parses a date string; every part after the year is optional, as the spec allows,
    /// and common deviations (no `D:`, a trailing apostrophe missing, `Z00'00'`) are accepted.
    public static func parse(_ text: String) -> Date? {
        var s = Substring(text.trimmingCharacters(in: .whitespaces))
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
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offsetSeconds) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar.date(from: components)
    }

    /// Formats `date` as `D:YYYYMMDDHHmmSS+HH'mm'` in `timeZone` (UTC by default).
    public static func format(_ date: Date, timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) -> String {
        let (digits, offset) = parts(date, timeZone)
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset) / 60
        return "D:" + digits + sign + two(magnitude / 60) + "'" + two(magnitude % 60) + "'"
    }

    /// Formats `date` as XMP wants it (ISO 8601: `YYYY-MM-DDTHH:mm:SS+HH:mm`).
    public static func formatXMP(_ date: Date, timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) -> String {
        let (d, offset) = parts(date, timeZone)
        let chars = Array(d)
        func slice(_ a: Int, _ b: Int) -> String { String(chars[a..<b]) }
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset) / 60
        return "\(slice(0, 4))-\(slice(4, 6))-\(slice(6, 8))T\(slice(8, 10)):\(slice(10, 12)):\(slice(12, 14))"
            + sign + two(magnitude / 60) + ":" + two(magnitude % 60)
    }

    private static func parts(_ date: Date, _ timeZone: TimeZone) -> (String, Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = String(format: "%04d", c.year ?? 1970)
        let digits = year + two(c.month ?? 1) + two(c.day ?? 1) + two(c.hour ?? 0) + two(c.minute ?? 0) + two(c.second ?? 0)
        return (digits, timeZone.secondsFromGMT(for: date))
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
