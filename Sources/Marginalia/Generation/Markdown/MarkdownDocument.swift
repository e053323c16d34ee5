/// A Markdown or plain-text file read into blocks, ready to be laid out as pages.
///
/// ``parse(_:)`` reads the CommonMark constructs `marginalia create` renders (headings,
/// paragraphs with emphasis, code and links, lists, code blocks, quotes, rules, images);
/// ``plainText(_:)`` reads a `.txt` file as paragraphs. Neither can fail: any text, even
/// binary garbage or deeply nested markers, gives a document, in time linear in its length.
///
/// What the parser leaves out, on purpose: raw HTML (kept as literal text), reference-style
/// links and link titles (the text stays, the title is dropped), tables and other extensions.
public struct MarkdownDocument: Equatable, Hashable, Sendable {
    /// The top-level blocks, in reading order.
    public var blocks: [MarkdownBlock]

    /// The deepest nesting of block quotes and list items the parser builds.
    ///
    /// Markers beyond this depth are kept as text of the innermost block, so that a
    /// hostile file with thousands of `>` can neither exhaust the stack of a recursive
    /// renderer nor make the parser slow.
    public static let maximumNesting = 16

    /// Creates a document from blocks.
    public init(blocks: [MarkdownBlock]) {
        self.blocks = blocks
    }

    /// Reads Markdown text.
    ///
    /// Follows CommonMark where it matters for rendering: a line's block is decided before
    /// its inline content, delimiters that match nothing stay literal text, and anything the
    /// parser does not understand is shown as written rather than dropped.
    ///
    /// - Parameter text: The Markdown source; line endings may be `\n`, `\r\n` or `\r`.
    /// - Returns: The document; empty for empty or blank input.
    public static func parse(_ text: String) -> MarkdownDocument {
        let source = MarkdownSource(text, tabStop: 4)
        var parser = MarkdownBlockParser(source: source)
        for line in source.lines {
            parser.add(line)
        }
        return MarkdownDocument(blocks: parser.finish())
    }

    /// Reads a plain-text file: paragraphs separated by blank lines, each line kept as a line.
    ///
    /// A plain-text author breaks lines on purpose (addresses, poems, hand-wrapped notes), so
    /// single line breaks stay as `\n` in the paragraph's one run; lines of only whitespace
    /// separate paragraphs. Trailing whitespace is dropped; leading whitespace is kept as
    /// indentation, with tabs expanded to the next multiple of 8 columns as a terminal shows
    /// them. Nothing is interpreted as markup.
    ///
    /// - Parameter text: The file's text.
    /// - Returns: One ``MarkdownBlock/paragraph(_:)`` per paragraph, each with one unstyled run.
    public static func plainText(_ text: String) -> MarkdownDocument {
        let source = MarkdownSource(text, tabStop: 8)
        var blocks: [MarkdownBlock] = []
        var paragraph: [UInt8] = []
        func finishParagraph() {
            if !paragraph.isEmpty {
                blocks.append(.paragraph([InlineRun(String(decoding: paragraph, as: UTF8.self))]))
                paragraph.removeAll(keepingCapacity: true)
            }
        }
        for line in source.lines {
            let content = source.trimmingTrailingSpaces(line)
            if source.isBlank(content) {
                finishParagraph()
                continue
            }
            if !paragraph.isEmpty {
                paragraph.append(UInt8(ascii: "\n"))
            }
            paragraph.append(contentsOf: source.bytes[content])
        }
        finishParagraph()
        return MarkdownDocument(blocks: blocks)
    }
}
