import Testing

/// The parent of every stroke suite, so `swift test --filter Strokes` runs them together.
@Suite("Strokes")
struct StrokesTests {}
