/// A stretch of text with one style, the unit a renderer draws inline.
///
/// Markdown's inline syntax (emphasis, code spans, links, escapes, entities) is resolved:
/// `text` holds exactly the characters to draw, and the flags say how. Hard line breaks
/// appear as `\n` inside `text`; soft line breaks have already become spaces.
public struct InlineRun: Equatable, Hashable, Sendable {
    /// The characters to draw.
    public var text: String
    /// Strong emphasis (`**bold**`, `__bold__`).
    public var bold: Bool
    /// Emphasis (`*italic*`, `_italic_`).
    public var italic: Bool
    /// A code span (`` `code` ``), drawn in a monospaced face.
    public var code: Bool
    /// The target of the link the text belongs to, if any (`[text](url)`, `<https://...>`).
    public var link: String?

    /// Creates a run; every style is off unless given.
    public init(_ text: String, bold: Bool = false, italic: Bool = false, code: Bool = false, link: String? = nil) {
        self.text = text
        self.bold = bold
        self.italic = italic
        self.code = code
        self.link = link
    }

    /// Whether `other` draws with the same style, so the two can be one run.
    func hasSameStyle(as other: InlineRun) -> Bool {
        bold == other.bold && italic == other.italic && code == other.code && link == other.link
    }
}

extension InlineRun: CustomStringConvertible {
    /// The text with its styles, for test failure messages: `**x**`, `*x*`, `` `x` ``, `[x](url)`.
    public var description: String {
        var result = text.debugDescription
        if code { result = "`" + result + "`" }
        if italic { result = "*" + result + "*" }
        if bold { result = "**" + result + "**" }
        if let link { result = "[" + result + "](" + link + ")" }
        return result
    }
}
