import Foundation
import Testing
@testable import MarginaliaCore

@Suite("JSON reader and writer of the engine core")
struct JSONParserTests {
    @Test(arguments: ["0", "-0", "1", "-1", "0.5", "3.14159", "100.25", "1e3", "1E-3", "2.5e+2", "123456789",
                      "9007199254740993", "0.1", "595.2756", "1e22", "1e-22", "12345678901234567890123", "0.000001"])
    func numbersMatchFoundation(text: String) throws {
        let ours = try JSONParser.parse(text).numberValue
        let theirs = try #require(JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? NSNumber).doubleValue
        #expect(ours == theirs, "\(text)")
    }

    /// Beyond ten to the ±22 or 2^53 the reading is scaled in steps: within a few units of
    /// the last place, the same on every platform.
    @Test(arguments: ["1.7976931348623157e308", "4.9e-320", "6.02214076e23", "1.6e-35", "123456789012345678e100"])
    func extremeNumbersAreClose(text: String) throws {
        let ours = try #require(try JSONParser.parse(text).numberValue)
        let theirs = try #require(JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? NSNumber).doubleValue
        #expect(abs(ours - theirs) <= abs(theirs) * 1e-14 || (abs(theirs) < 1e-300 && abs(ours - theirs) < 1e-318), "\(text)")
    }

    @Test(arguments: ["1e400", "-1e400", "1e99999999", "[1e400]"])
    func numbersTooLargeAreErrorsNotCrashes(text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    }

    @Test(arguments: ["1e-400", "-1e-99999999", "0e999999"])
    func numbersTooSmallBecomeZero(text: String) throws {
        #expect(try JSONParser.parse(text).numberValue == 0)
    }

    @Test(arguments: ["", " ", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "+1", "-", "1e", "NaN", "Infinity", "tru",
                      "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"a\u{0001}\"", "[] []", "{\"a\" 1}", "{1: 2}", "nul"])
    func malformedTextIsRefusedWithItsOffset(text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    }

    @Test func nestingIsBounded() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
        #expect(error.message.contains("nested deeper"))
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        _ = try JSONParser.parse(fine)
    }

    @Test func stringsAndEscapesRoundTrip() throws {
        let text = #"{"a":"line\nbreak \"quoted\" tab\t slash\/ \u00e9 \ud83d\ude00 ✓","b":[true,false,null],"c":{}}"#
        let value = try JSONParser.parse(text)
        #expect(value["a"]?.stringValue == "line\nbreak \"quoted\" tab\t slash/ é 😀 ✓")
        #expect(value["b"] == .array([.bool(true), .bool(false), .null]))
        let again = try JSONParser.parse(JSONWriter.string(value))
        #expect(again == value)
    }

    @Test func stringsAreEscapedExactly() {
        #expect(JSONWriter.string(.string("\"a\\b\"")) == #""\"a\\b\"""#)
        #expect(JSONWriter.string(.string("\u{1}x\ny\u{1F}")) == #""\u0001x\ny\u001f""#)
        #expect(JSONWriter.string(.string("é ✓ 😀 plain")) == "\"é ✓ 😀 plain\"")
        #expect(JSONWriter.string(.string("")) == "\"\"")
    }

    @Test func objectsKeepTheirOrderAndTheLastDuplicateWins() throws {
        let value = try JSONParser.parse(#"{"z":1,"a":2,"z":3}"#)
        #expect(value.objectValue?.keys == ["z", "a", "z"])
        #expect(value["z"] == .number(3))
    }

    @Test(arguments: [(0.0, "0"), (-0.0, "0"), (42.0, "42"), (-7.0, "-7"), (0.5, "0.5"), (1.0 / 3, "0.333333"),
                      (595.2756, "595.2756"), (1e-7, "0"), (-1e-7, "0"), (1e20, "100000000000000e6") as (Double, String),
                      (12.3456789, "12.345679"), (0.05, "0.05"), (-3.000001, "-3.000001"), (10, "10"), (1_000_000.5, "1000000.5"), (Double.nan, "null"), (Double.infinity, "null")])
    func numbersAreWrittenWithAtMostSixDecimals(value: Double, text: String) {
        #expect(JSONWriter.number(value) == text)
    }

    /// Large numbers (a fuzzed request's rect) are written, not a crash converting the
    /// millionths to an integer, and read back as the same number to fourteen digits.
    @Test(arguments: [19_033_333_333_333.0, -19_033_333_333_333.5, 1e13, 9e14, 8.9e15, 1.8e19, -1e300, 123_456_789_012.25])
    func largeNumbersAreWrittenAndReadBack(value: Double) throws {
        let text = JSONWriter.number(value)
        let back = try #require(try JSONParser.parse(text).numberValue)
        #expect(abs(back - value) <= abs(value) * 5e-14, "\(text)")
    }
}
