// PDF dates counted by hand against Foundation's Gregorian calendar and its ISO 8601 format style.
import Foundation
import Testing
@testable import Marginalia

@Suite("PDF dates without a Calendar")
struct PDFDateTests {
    static func components(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) -> DateComponents {
        DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
    }

    /// Every day from 1583 to 2400 (leap years, centuries and 1600, 2000 and 2400 included)
    /// at a time that moves through the day, in offsets east and west.
    @Test func everyDayOfEightCenturiesAsTheCalendarCountsIt() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(secondsFromGMT: 0))
        var date = try #require(calendar.date(from: Self.components(1583, 1, 1, 0, 0, 0)))
        let offsets = [0, 3600, -5 * 3600, 5 * 3600 + 1800, -14 * 3600, 14 * 3600, -(3 * 3600 + 2700)]
        var checked = 0
        while true {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            guard let year = parts.year, let month = parts.month, let day = parts.day, year <= 2400 else { break }
            let n = checked
            let given = Self.components(year, month, day, n % 24, (n * 7) % 60, (n * 13) % 60)
            let offset = offsets[n % offsets.count]
            #expect(PDFDate.gregorianDate(given, offsetSeconds: offset) == PDFDate.calendarDate(given, offsetSeconds: offset),
                    "\(year)-\(month)-\(day) offset \(offset)")
            date += 86_400
            checked += 1
        }
        #expect(checked == 298_769, "every day from 1583 to 2400")
    }

    /// ISO 8601 counted by hand against the format style: every day from 1583 to 2400 at a
    /// time that moves through the day, and the dates left to the format style.
    @Test func iso8601AsTheFormatStyleWritesIt() {
        var disagreements: [String] = []
        var seconds = -12_212_553_600
        var n = 0
        while seconds < 13_569_465_600 {  // 2400-01-01
            let date = Date(timeIntervalSince1970: Double(seconds + (n * 7919) % 86_400))
            if PDFDate.iso8601(date) != date.formatted(.iso8601) { disagreements.append(date.formatted(.iso8601)) }
            seconds += 86_400
            n += 1
        }
        #expect(n == 298_403)
        for value in [-12_212_553_601.0, -12_212_553_600, -1, 0, 0.5, 1_700_000_000.25, 253_402_300_799, 253_402_300_800,
                      -62_135_596_800, 1e12] {
            let date = Date(timeIntervalSince1970: value)
            if PDFDate.iso8601(date) != date.formatted(.iso8601) { disagreements.append("\(value)") }
        }
        #expect(disagreements.isEmpty)
    }

    @Test(arguments: [
        (1583, 1, 1), (1600, 2, 29), (1700, 2, 28), (1900, 3, 1), (1969, 12, 31), (1970, 1, 1), (2000, 2, 29),
        (2038, 1, 19), (2100, 2, 28), (4000, 2, 29), (9999, 12, 31),
    ])
    func edgeDays(year: Int, month: Int, day: Int) {
        let given = Self.components(year, month, day, 23, 59, 59)
        #expect(PDFDate.gregorianDate(given, offsetSeconds: -3600) == PDFDate.calendarDate(given, offsetSeconds: -3600))
    }

    /// What the hand count leaves to the calendar: it answers nil, and `parse` still reads them.
    @Test(arguments: [
        ("D:15821015", 1582, 10, 15, 0, 0, 0), ("D:20230230", 2023, 2, 30, 0, 0, 0), ("D:19000229", 1900, 2, 29, 0, 0, 0),
        ("D:2023011424", 2023, 1, 14, 24, 0, 0), ("D:202301142360", 2023, 1, 14, 23, 60, 0),
        ("D:20230114235960", 2023, 1, 14, 23, 59, 60), ("D:20230114+15'00'", 2023, 1, 14, 0, 0, 0),
    ])
    func outOfRangeFieldsGoToTheCalendar(text: String, y: Int, mo: Int, d: Int, h: Int, mi: Int, s: Int) {
        let given = Self.components(y, mo, d, h, mi, s)
        let offset = text.hasSuffix("+15'00'") ? 15 * 3600 : 0
        #expect(PDFDate.gregorianDate(given, offsetSeconds: offset) == nil)
        #expect(PDFDate.parse(text) == PDFDate.calendarDate(given, offsetSeconds: offset))
        #expect(PDFDate.parse(text) != nil)
    }

    /// A date written counts its fields by hand as the Gregorian calendar counted them: every
    /// day from 1580 to 2400 (the reform of 1582 included) at a time that moves through the
    /// day with a fraction of a second, a day every 997 from year 1 to 9999, the first and
    /// last seconds of the years counted by hand, in UTC, fixed offsets and zones with
    /// summer time.
    @Test func writtenFieldsAsTheCalendarCountsThem() throws {
        let zones = try [0, 3600, -5 * 3600, 5 * 3600 + 1800, -14 * 3600, 14 * 3600].map { try #require(TimeZone(secondsFromGMT: $0)) }
            + ["Europe/Paris", "America/New_York", "Australia/Lord_Howe"].compactMap { TimeZone(identifier: $0) }
        var disagreements: [String] = []
        func check(_ date: Date, _ zone: TimeZone) {
            let (digits, offset) = PDFDate.parts(date, zone)
            if digits != PDFDate.calendarDigits(date, zone) || offset != zone.secondsFromGMT(for: date) {
                disagreements.append("\(date.timeIntervalSince1970) in \(zone.identifier)")
            }
        }
        var n = 0
        var seconds = -12_307_248_000.0  // 1580-01-01
        while seconds < 13_569_465_600 {  // 2400-01-01
            check(Date(timeIntervalSince1970: seconds + Double((n * 7919) % 86_400) + 0.75), zones[n % zones.count])
            seconds += 86_400
            n += 1
        }
        seconds = -62_135_596_800  // 0001-01-01 (Gregorian)
        while seconds < 253_402_300_800 {  // 10000-01-01
            check(Date(timeIntervalSince1970: seconds + Double((n * 104_729) % 86_400) - 0.25), zones[n % zones.count])
            seconds += 997 * 86_400
            n += 1
        }
        for value in [-62_135_596_800.0, -62_135_596_801, 253_402_300_799, 253_402_300_800, -0.5, 0, 1e12, -1e12] {
            for zone in zones { check(Date(timeIntervalSince1970: value), zone) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        #expect(PDFDate.format(Date(timeIntervalSince1970: 1_700_000_000.9)) == "D:20231114221320+00'00'")
    }

    /// The year is written as `String(format: "%04d")` wrote it.
    @Test(arguments: [0, 7, 42, 999, 1583, 2026, 9999, 12345, -5, -123, -12345])
    func aYearHasFourDigitsAtLeast(year: Int) {
        #expect(PDFDate.four(year) == String(format: "%04d", year))
    }
}
