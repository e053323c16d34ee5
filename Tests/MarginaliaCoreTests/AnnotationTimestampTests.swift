import Foundation
import Testing
@testable import MarginaliaCore

/// The core's ISO 8601 dates (AnnotationTimestamp+ISO8601.swift) against
/// `Date.ISO8601FormatStyle()`, which Marginalia read and wrote the annotation JSON's dates
/// with: the same texts accepted, at the same moment, the same refused, the same text written.
@Suite("Annotation timestamps in ISO 8601")
struct AnnotationTimestampTests {
    static let foundation = Date.ISO8601FormatStyle()

    /// Pieces of a date, the first of each the usual one: texts made of them cover the
    /// fractions, zones, leap days, the reform of 1582, run-on fields, the largest year read,
    /// and text that is malformed in each place.
    static let pieces: [[String]] = [
        ["2026", "0", "1", "1582", "1600", "1900", "2000", "2024", "0000", "00002026", "9999", "10000", "506714", "506715",
         "600000", "-2026", " 2026", "", "12a", "٢٠٢٦"],
        ["-", "", "/"],
        ["01", "1", "02", "2", "10", "12", "13", "0", "00", "001", "011"],
        ["-", "", "--"],
        ["01", "1", "04", "14", "15", "28", "29", "30", "31", "32", "0", "005"],
        ["T", "t", " ", "", "TT"],
        ["00", "0", "12", "23", "24", "25", "99", "012", "2147483647", "2147483648", ""],
        [":", ""],
        ["00", "0", "59", "60", "61", "99", "000", ""],
        [":", ""],
        ["00", "0", "59", "60", "61", "99", "000", ""],
        ["", ".5", ".123456789", ".1234567891", ".", ".000000001", ".999999999", ",5"],
        ["Z", "z", "", "+01:00", "-05:30", "+0100", "+01", "+1", "+18:00", "+18:01", "-18:00", "+19", "+00:60", "+01:99",
         "+17:99", "+01:00:60", "+1234567", "GMT", "gmt+01", "UTC-0130", "utc", "Gxx", "+", "+01:", "+01:00:", "GMT-", "U", "+24"],
        ["", " ", "junk", "0"],
    ]

    @Test func readsWhatFoundationReadsAtTheSameMomentAndRefusesWhatItRefuses() {
        var random = SeededGenerator(seed: 28)
        var accepted = 0
        for _ in 0..<20_000 {
            let text = Self.pieces.map { $0[random.next(below: 10) < 7 ? 0 : random.next(below: $0.count)] }.joined()
            let expected = (try? Self.foundation.parse(text))?.timeIntervalSinceReferenceDate
            #expect(AnnotationTimestamp(iso8601: text)?.secondsSinceReferenceDate == expected, "\(text)")
            if expected != nil { accepted += 1 }
        }
        // Enough of both kinds for the comparison to mean something.
        #expect(accepted > 3000 && accepted < 17_000)
    }

    @Test(arguments: [
        ("2026-01-31T12:00:00Z", "2026-01-31T12:00:00Z"), ("2026-01-31T12:00:00.5+01:00", "2026-01-31T11:00:00Z"),
        ("2024-02-29T00:00:00Z", "2024-02-29T00:00:00Z"), ("2023-02-29T00:00:00Z", "2023-03-01T00:00:00Z"),
        ("1582-10-14T00:00:00Z", "1582-10-24T00:00:00Z"), ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"),
        ("100000-01-01T00:00:00Z", "100000-01-01T00:00:00Z"), ("2026-01-31T23:59:60Z", "2026-02-01T00:00:00Z"),
    ])
    func readsAndWritesKnownDates(text: String, written: String) throws {
        let moment = try #require(AnnotationTimestamp(iso8601: text))
        #expect(moment.iso8601 == written)
        #expect(Self.foundation.format(Date(timeIntervalSinceReferenceDate: moment.secondsSinceReferenceDate)) == written)
    }

    @Test(arguments: ["", "2026-01-31", "2026-01-31T12:00:00", "2026-13-01T00:00:00Z", "2026-01-31 12:00:00Z",
                      "2026-01-31T12:00:00+19:00", "-0001-01-01T00:00:00Z", "2026-01-31T12:00:00.Z"])
    func refusesMalformedText(text: String) {
        #expect(AnnotationTimestamp(iso8601: text) == nil)
        #expect((try? Self.foundation.parse(text)) == nil)
    }

    @Test func writesWhatFoundationWritesFromTheFarPastToTheFarFuture() {
        var random = SeededGenerator(seed: 2026)
        var moments: [Double] = [0, 0.5, -0.5, 0.999_999, .nan, .infinity, -.infinity, 1e300, -1e300,
                                 -211_845_067_200, -211_845_067_201, 15_927_175_497_600, 15_927_175_497_601,
                                 -13_197_600_000, -13_197_600_001, -63_145_699_200, -63_145_699_201]
        for _ in 0..<20_000 { moments.append(Double(Int64(random.next(below: 16_200_000_000_000)) - 220_000_000_000)) }
        for _ in 0..<5_000 { moments.append(Double(random.next(below: 1 << 40)) / 50 - 1e10) }
        for seconds in moments {
            #expect(AnnotationTimestamp(secondsSinceReferenceDate: seconds).iso8601
                    == Self.foundation.format(Date(timeIntervalSinceReferenceDate: seconds)), "\(seconds)")
        }
    }
}
