/// The annotation JSON's dates (`2026-01-31T12:00:00Z`), read and written without Foundation,
/// as `Date.ISO8601FormatStyle()` (the style Marginalia used) reads and writes them, so the
/// engine in the browser and the native build agree on every date: `AnnotationTimestampTests`
/// compares the two over many texts and moments.
///
/// What that style does, and so what this does:
/// - it reads `year-month-dayThour:minute:second[.fraction]zone` with any number of digits
///   in each field (`2026-1-31T9:5:0Z`), a month from 1 to 12 and a day from 1 to 31 that
///   runs on into the next month (`2023-02-29` is 1 March), times that run on too
///   (`24:00:00`, `23:59:60`, `12:99:00`), one to nine digits of fraction, and a zone `Z`,
///   `GMT` or `UTC` (any case, optionally followed by an offset) or `±hh[[:]mm[[:]ss]]` up to
///   18 hours; whatever follows the zone is ignored;
/// - the calendar is ICU's: Julian before 15 October 1582, Gregorian from then, years
///   counted astronomically (year 0 is 1 BC);
/// - it writes whole seconds in UTC (`2026-01-31T12:00:00Z`), the fraction dropped (rounded
///   down), years padded to four digits with a `-` before 0, and moments before Julian day 0
///   or after 506713-02-07 written as those.
extension AnnotationTimestamp {
    /// The moment `text` names, or nil when `Date.ISO8601FormatStyle()` would refuse it.
    public init?(iso8601 text: String) {
        var reader = ISO8601Reader(bytes: Array(text.utf8))
        guard let seconds = reader.secondsSinceReferenceDate() else { return nil }
        self.init(secondsSinceReferenceDate: seconds)
    }

    /// This moment as the annotation JSON writes it: `2026-01-31T12:00:00Z`.
    public var iso8601: String {
        let seconds = secondsSinceReferenceDate
        // Int64 throughout: the WebAssembly build's Int has 32 bits.
        let clamped: Int64
        if seconds.isNaN || seconds <= Double(CivilCalendar.earliestWritten) {
            clamped = CivilCalendar.earliestWritten
        } else if seconds >= Double(CivilCalendar.latestWritten) {
            clamped = CivilCalendar.latestWritten
        } else {
            clamped = Int64(seconds.rounded(.down))
        }
        let t = CivilCalendar.time(wholeSeconds: clamped)
        let yearText = t.year < 0 ? "-" + Self.digits(-t.year, 4) : Self.digits(t.year, 4)
        return yearText + "-" + Self.digits(t.month, 2) + "-" + Self.digits(t.day, 2) + "T" + Self.digits(t.hour, 2) + ":"
            + Self.digits(t.minute, 2) + ":" + Self.digits(t.second, 2) + "Z"
    }

    /// `value` in decimal, padded with zeros to `count` digits.
    private static func digits(_ value: Int64, _ count: Int) -> String {
        let text = String(value)
        return text.count >= count ? text : String(repeating: "0", count: count - text.count) + text
    }
}

/// ICU's calendar as Foundation's ISO 8601 style uses it: Julian days, Julian before the
/// Gregorian reform (15 October 1582, Julian day 2299161), Gregorian after.
enum CivilCalendar {
    /// The Julian day number of 2001-01-01, Foundation's reference date.
    static let referenceJulianDay: Int64 = 2_451_911
    /// The first Julian day of the Gregorian calendar (1582-10-15).
    static let gregorianReform: Int64 = 2_299_161
    /// The earliest moment Foundation writes: Julian day 0 at noon (-4712-01-01T12:00:00Z).
    static let earliestWritten: Int64 = -211_845_067_200
    /// The latest moment Foundation writes (506713-02-07T00:00:00Z).
    static let latestWritten: Int64 = 15_927_175_497_600
    /// The largest year Foundation reads.
    static let latestYear: Int64 = 506_714

    /// The Julian day number of `year-month-day` (year astronomical and 0 or more, month
    /// 1...12, day 1...31 running on into the next month): Gregorian unless that falls before
    /// the reform, then Julian, as ICU decides.
    static func julianDay(year: Int64, month: Int64, day: Int64) -> Int64 {
        let a = (14 - month) / 12
        let y = year + 4800 - a
        let m = month + 12 &* a - 3
        let common = day + (153 &* m + 2) / 5 + 365 &* y + y / 4
        let gregorian = common - y / 100 + y / 400 - 32_045
        return gregorian >= gregorianReform ? gregorian : common - 32_083
    }

    /// The date of Julian day number `julianDay` (0 or more).
    static func date(julianDay: Int64) -> (year: Int64, month: Int64, day: Int64) {
        var f = julianDay + 1401
        if julianDay >= gregorianReform { f += (((4 &* julianDay + 274_277) / 146_097) &* 3) / 4 - 38 }
        let e = 4 &* f + 3
        let h = 5 &* ((e % 1461) / 4) + 2
        let day = (h % 153) / 5 + 1
        let month = (h / 153 + 2) % 12 + 1
        return (e / 1461 - 4716 + (14 - month) / 12, month, day)
    }
}

/// Reads one ISO 8601 date and time over UTF-8 bytes, field by field.
private struct ISO8601Reader {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func secondsSinceReferenceDate() -> Double? {
        guard let year = digits(), year <= CivilCalendar.latestYear, expect(UInt8(ascii: "-")),
              let month = digits(), (1...12).contains(month), expect(UInt8(ascii: "-")),
              let day = digits(), (1...31).contains(day), expect(UInt8(ascii: "T")),
              let hour = digits(), expect(UInt8(ascii: ":")),
              let minute = digits(), expect(UInt8(ascii: ":")),
              let second = digits()
        else { return nil }
        var nanoseconds: Int64 = 0
        if peek() == UInt8(ascii: ".") {
            index += 1
            let start = index
            guard let fraction = digits(maximumCount: 9) else { return nil }
            nanoseconds = fraction
            for _ in (index - start)..<9 { nanoseconds &*= 10 }
        }
        guard let offset = zoneOffset() else { return nil }
        let days = CivilCalendar.julianDay(year: year, month: month, day: day) - CivilCalendar.referenceJulianDay
        let whole = days &* 86_400 + hour &* 3600 + minute &* 60 + second - offset
        return Double(whole) + Double(nanoseconds) / 1_000_000_000
    }

    /// The zone's offset east of UTC in seconds: `Z`, `GMT` or `UTC` (any case; the last two
    /// optionally with an offset after), or `±hh[[:]mm[[:]ss]]`, at most 18 hours.
    private mutating func zoneOffset() -> Int64? {
        guard let first = next() else { return nil }
        let sign: Int64
        switch first | 0x20 {
        case UInt8(ascii: "z"):
            return 0
        case UInt8(ascii: "g"), UInt8(ascii: "u"):
            let rest: [UInt8] = first | 0x20 == UInt8(ascii: "g") ? [UInt8(ascii: "m"), UInt8(ascii: "t")] : [UInt8(ascii: "t"), UInt8(ascii: "c")]
            for letter in rest { guard let byte = next(), byte | 0x20 == letter else { return nil } }
            guard let after = peek(), after == UInt8(ascii: "+") || after == UInt8(ascii: "-") else { return 0 }
            index += 1
            sign = after == UInt8(ascii: "+") ? 1 : -1
        default:
            guard first == UInt8(ascii: "+") || first == UInt8(ascii: "-") else { return nil }
            sign = first == UInt8(ascii: "+") ? 1 : -1
        }
        guard let hours = digits(maximumCount: 2) else { return nil }
        var offset = hours &* 3600
        let hasMinutes: Bool
        if peek() == UInt8(ascii: ":") {
            index += 1
            hasMinutes = true
        } else {
            hasMinutes = peek().map(Self.isDigit) == true
        }
        if hasMinutes {
            guard let minutes = digits(maximumCount: 2) else { return nil }
            offset += minutes &* 60
            if peek() == UInt8(ascii: ":") { index += 1 }
            if peek().map(Self.isDigit) == true, let seconds = digits(maximumCount: 2) { offset += seconds }
        }
        guard offset <= 18 * 3600 else { return nil }
        return sign &* offset
    }

    /// One or more ASCII digits (at most `maximumCount`), their value at most `Int32.max`.
    private mutating func digits(maximumCount: Int = Int.max) -> Int64? {
        let start = index
        var value: Int64 = 0
        while index < bytes.count, index - start < maximumCount, Self.isDigit(bytes[index]) {
            value = value &* 10 + Int64(bytes[index] - UInt8(ascii: "0"))
            guard value <= Int64(Int32.max) else { return nil }
            index += 1
        }
        return index > start ? value : nil
    }

    private mutating func expect(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func next() -> UInt8? {
        guard let byte = peek() else { return nil }
        index += 1
        return byte
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
