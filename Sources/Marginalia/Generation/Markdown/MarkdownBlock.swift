/// One block of a Markdown document, in the order a renderer lays blocks out.
///
/// The cases cover what `marginalia create` draws: headings, paragraphs, lists, code,
/// quotes, rules and images. Blocks that hold other blocks (list items, quotes) nest at
/// most ``MarkdownDocument/maximumNesting`` levels deep.
public enum MarkdownBlock: Equatable, Hashable, Sendable {
    /// A heading of `level` 1 to 6: ATX (`# Title`) or Setext (a line underlined with `===`
    /// for level 1 or `---` for level 2).
    case heading(level: Int, [InlineRun])

    /// Running text. Lines of the source paragraph are joined with a space; hard breaks
    /// (two trailing spaces or a trailing backslash) are `\n` in the run text.
    case paragraph([InlineRun])

    /// A bulleted (`-`, `*`, `+`) or numbered (`1.`, `1)`) list. `start` is the first
    /// item's number (1 for bulleted lists); each item is a sequence of blocks.
    case list(ordered: Bool, start: Int, items: [[MarkdownBlock]])

    /// Preformatted text from a fenced (```` ``` ````, `~~~`) or indented (4 spaces) code block.
    /// `language` is the first word of the fence's info string; `text` has no final newline.
    case codeBlock(language: String?, text: String)

    /// A block quote (`>`) and the blocks inside it.
    case quote([MarkdownBlock])

    /// A horizontal rule (`---`, `***` or `___` alone on a line).
    case thematicBreak

    /// A paragraph consisting of nothing but one image, `![alt](source)`; the renderer
    /// places the image as a block. Images inside other text are replaced by their alt text.
    case image(alt: String, source: String)
}
