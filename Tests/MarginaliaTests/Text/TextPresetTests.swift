import Foundation
import Marginalia
import Testing

/// The redaction presets (``TextPreset``): what each finds in a page's text, and what it must
/// leave (dates, version numbers, addresses of other kinds).
@Suite("Text presets")
struct TextPresetTests {
    /// The matches of a preset in one page holding `lines`, one text line each.
    static func matches(_ preset: TextPreset, in lines: [String]) throws -> [String] {
        let shown = lines.map { "(\($0.replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)"))) Tj" }
        let content = "BT /F1 10 Tf 14 TL 72 740 Td " + shown.joined(separator: " T* ") + " ET"
        let text = try TextFixtures.document(content: content).text(ofPage: 0)
        return text.findMatches(of: try TextPattern(preset: preset)).map(\.string)
    }

    @Test func emailFindsAddressesWholeAndNothingElse() throws {
        let found = try Self.matches(.email, in: [
            "Write to jane.doe@example.org or to ops+alerts@mail.example.co.uk today.",
            "Not these: user@localhost, @handle, a@b, name@domain.c, 10@20.30",
            "Signed: J. Smith <j_smith99@sub-domain.example.com>",
        ])
        #expect(found == ["jane.doe@example.org", "ops+alerts@mail.example.co.uk", "j_smith99@sub-domain.example.com"])
    }

    @Test func phoneFindsTheUsualWritingsOfNumbers() throws {
        let found = try Self.matches(.phone, in: [
            "Call +1 (555) 123-4567 or 555-123-4567 or (555) 123-4567.",
            "Office 555.123.4567, London +44 20 7946 0958, local 020 7946 0958.",
            "Berlin +4930123456; desk 555-1234.",
        ])
        #expect(found == ["+1 (555) 123-4567", "555-123-4567", "(555) 123-4567", "555.123.4567", "+44 20 7946 0958",
                          "020 7946 0958", "+4930123456", "555-1234"])
    }

    @Test func phoneLeavesDatesVersionsAddressesAndAmounts() throws {
        let found = try Self.matches(.phone, in: [
            "Dates 2024-01-15, 15.01.2024, 15-01-2024, 01/15/2024 and 2019-2024.",
            "Versions 10.15.7, 1.2.3, 2.10.0 and v10.12.1234; host 192.168.10.25.",
            "Amounts 12 345 678 and 1,234,567; order 12345678; page 12-13.",
        ])
        #expect(found.isEmpty, "found \(found)")
    }

    @Test func aUsersRegularExpressionIsCheckedAndMatchedAsAsked() throws {
        #expect(throws: TextPatternError.self) { try TextPattern(regularExpression: "(unclosed") }
        #expect(throws: TextPatternError.tooLong(1_001)) { try TextPattern(regularExpression: String(repeating: "a", count: 1_001)) }
        let content = "BT /F1 10 Tf 72 740 Td (Case 12 and case 345; showcase 6) Tj ET"
        let text = try TextFixtures.document(content: content).text(ofPage: 0)
        #expect(text.findMatches(of: try TextPattern(regularExpression: "case \\d+")).map(\.string) == ["case 345", "case 6"])
        #expect(text.findMatches(of: try TextPattern(regularExpression: "case \\d+", caseSensitive: false)).map(\.string)
            == ["Case 12", "case 345", "case 6"])
        #expect(text.findMatches(of: try TextPattern(regularExpression: "case \\d+", caseSensitive: false, wholeWords: true))
            .map(\.string) == ["Case 12", "case 345"])
    }
}
