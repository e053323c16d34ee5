import Testing

/// Parent of the font suites (standard fonts, WinAnsi, text layout), so that
/// `swift test --filter Fonts` runs exactly them.
@Suite("Fonts")
struct FontsTests {}
