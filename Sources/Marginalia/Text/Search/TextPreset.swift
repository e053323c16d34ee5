import Foundation

/// Kinds of personal data a redaction looks for by pattern (`marginalia redact --preset`, the
/// server's find with `preset`, the editor's find and mark; docs/redaction.md). One
/// definition: an expression that finds the candidates and rules that keep the right ones.
public enum TextPreset: String, CaseIterable, Sendable {
    /// E-mail addresses: `name@example.org`, `first.last+tag@mail.example.co.uk`.
    case email
    /// Phone numbers written the usual ways: `+1 (555) 123-4567`, `555-123-4567`,
    /// `(555) 123-4567`, `555.123.4567`, `+44 20 7946 0958`, `020 7946 0958`, `+4930123456`;
    /// not dates (`2024-01-15`, `15.01.2024`), version numbers (`10.15.7`), IP addresses,
    /// year ranges (`2019-2024`) or numbers grouped in thousands (`12 345 678`).
    case phone

    /// The ICU regular expression that finds the candidates in a page's text.
    public var expression: String {
        switch self {
        case .email:
            // A local part of the characters RFC 5322's dot-atom allows that addresses use,
            // "@", and a domain of labels with a top-level label of two letters or more. Not
            // after a character that would belong to the address, so "x@y" inside a word or
            // a longer address is not cut.
            return #"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"#
                + #"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}(?![A-Za-z0-9-])"#
        case .phone:
            // An optional country code, an optional area code in parentheses, then groups of
            // 2 to 4 digits joined by one space, hyphen or dot; or E.164 written without
            // separators. Not inside a longer run of digits, letters or dotted numbers.
            return #"(?<![\w.+/-])(?:\+\d{7,15}|(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{2,4}(?:[ .-]\d{2,4}){1,5})(?![\w/-]|\.\d)"#
        }
    }

    /// Whether a candidate the expression found is kept.
    public func accepts(_ match: String) -> Bool {
        switch self {
        case .email: return true
        case .phone: return Self.isPhoneNumber(match)
        }
    }

    /// The rules a phone number's digits and groups keep: 7 to 15 digits (E.164's most); and
    /// unless it starts with a country code or has an area code in parentheses (then it is
    /// written as a phone number), not a date (4-2-2, 2-2-4), not a year range (4-4), not a
    /// number grouped in thousands (each group after the first of three digits), and when
    /// only dots separate the groups, the 3-3-4 of North America (so not an IP address or a
    /// version number). Two groups are a local number only as 3-4 (`555-1234`).
    static func isPhoneNumber(_ text: String) -> Bool {
        let digits = text.filter(\.isASCIIDigit).count
        guard (7...15).contains(digits) else { return false }
        if text.hasPrefix("+") || text.contains("(") { return true }
        let groups = text.split(whereSeparator: { " .-".contains($0) }).map(\.count)
        if groups.count == 2 { return groups == [3, 4] }
        if groups.count == 3, groups == [4, 2, 2] || groups[2] == 4 && groups[0] <= 2 && groups[1] <= 2 { return false }
        if groups.dropFirst().allSatisfy({ $0 == 3 }) { return false }
        if !text.contains(" "), !text.contains("-") { return groups == [3, 3, 4] }
        return true
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
