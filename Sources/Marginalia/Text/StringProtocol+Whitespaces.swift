// Trimming spaces and tabs without Foundation's NSString bridge.

extension StringProtocol {
    /// The string without leading and trailing whitespace as `CharacterSet.whitespaces`
    /// defines it on Linux (the tab, Unicode's space separators, general category Zs, and
    /// the zero-width space U+200B; not line breaks): what `trimmingCharacters(in:
    /// .whitespaces)` returns, trimmed by Unicode scalar as Foundation trims, so a space
    /// before a combining mark goes and the mark stays.
    ///
    /// Foundation's trimming goes through `NSString`, whose first use in a process costs
    /// about 0.8 M instructions of type lookups: a tenth of `marginalia info --pages N`
    /// (docs/benchmarks.md, "open", issue 36). `WhitespaceTrimmingTests` compare the two.
    public func trimmingWhitespaces() -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, Self.isWhitespace(scalars[start]) { start = scalars.index(after: start) }
        while end > start, Self.isWhitespace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[start..<end])
        return String(trimmed)
    }

    /// The members of `CharacterSet.whitespaces` (swift-corelibs-foundation).
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
