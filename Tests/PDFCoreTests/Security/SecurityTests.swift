import Testing

/// The tests of Sources/PDFCore/Security, nested here so that `--filter Security` selects
/// every one of them.
@Suite("Security")
struct SecurityTests {}
