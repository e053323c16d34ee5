/// The codes of WinAnsiEncoding (ISO 32000-2, Annex D.2; Windows code page 1252), the
/// single-byte encoding of the standard text fonts, by Unicode scalar: what the core needs to
/// measure text in a standard font's widths (``StandardFontMetrics``). Marginalia's
/// `WinAnsiEncoding` encodes whole characters (precomposing decomposed ones) with this table.
public enum WinAnsiCodes {
    /// The code drawn in place of a character WinAnsi cannot encode: `?`.
    public static let replacementCode: UInt8 = 0x3F

    /// Unicode scalar values of the codes 0x80–0x9F; 0 where WinAnsi leaves the code unused.
    public static let scalars80to9F: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// The WinAnsi code of the Unicode scalar `value`, or nil when WinAnsi has none (the
    /// control characters included).
    public static func code(forScalar value: UInt32) -> UInt8? {
        switch value {
        case 0x20...0x7E, 0xA0...0xFF:
            return UInt8(value)
        default:
            guard value != 0, let offset = scalars80to9F.firstIndex(of: value) else { return nil }
            return UInt8(0x80 + offset)
        }
    }
}
