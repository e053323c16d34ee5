import Testing
@testable import Marginalia

/// Parent of the Markdown parser suites, so that `swift test --filter Markdown` runs exactly them.
@Suite("Markdown")
struct MarkdownTests {
    /// The blocks of `markdown`.
    static func blocks(_ markdown: String) -> [MarkdownBlock] {
        MarkdownDocument.parse(markdown).blocks
    }

    /// The runs of `markdown`, which must parse to exactly one paragraph.
    static func runs(_ markdown: String, sourceLocation: SourceLocation = #_sourceLocation) -> [InlineRun] {
        let blocks = blocks(markdown)
        guard blocks.count == 1, case .paragraph(let runs) = blocks[0] else {
            Issue.record("expected one paragraph, got \(blocks)", sourceLocation: sourceLocation)
            return []
        }
        return runs
    }

    /// A paragraph of one unstyled run.
    static func paragraph(_ text: String) -> MarkdownBlock {
        .paragraph([InlineRun(text)])
    }
}
