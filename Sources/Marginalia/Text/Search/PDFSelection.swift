import Foundation

/// Text chosen on one or more pages: a search match or the text inside a rectangle, with the
/// quads that cover it on each page. Like PDFKit's `PDFSelection`, as a value.
///
/// The quads are exact to the glyphs: a match inside a word covers only its characters
/// (from the word's ``TextWord/characterEdges``), so a highlight made from them covers the
/// selected letters and nothing else.
public struct PDFSelection: Hashable, Sendable {
    /// What the selection covers on one page.
    public struct PageSpan: Hashable, Sendable {
        /// The page's index.
        public var pageIndex: Int
        /// One quad per word (or part of a word) covered, in reading order.
        public var quads: [TextQuad]
    }

    /// The selected text: words separated by a space, lines by a line feed.
    public var string: String
    /// The pages the selection covers, in order.
    public var spans: [PageSpan]

    public init(string: String, spans: [PageSpan]) {
        self.string = string
        self.spans = spans
    }

    /// The indexes of the pages the selection covers.
    public var pages: [Int] { spans.map(\.pageIndex) }

    /// The quads on page `index` (empty when the selection does not touch it).
    public func quads(onPage index: Int) -> [TextQuad] {
        spans.filter { $0.pageIndex == index }.flatMap(\.quads)
    }

    /// The rectangle around the selection on page `index`, in page space; `.null` when the
    /// selection does not touch it. Like PDFKit's `bounds(for:)`.
    public func bounds(forPage index: Int) -> CGRect {
        quads(onPage: index).reduce(CGRect.null) { $0.union($1.bounds) }
    }
}

/// How ``PDFDocument/findString(_:options:)`` compares text.
public struct TextSearchOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Upper and lower case match each other.
    public static let caseInsensitive = TextSearchOptions(rawValue: 1)
    /// Letters match whatever accents they carry (`e` finds `é`).
    public static let diacriticInsensitive = TextSearchOptions(rawValue: 2)
    /// A match must begin and end at word boundaries: Unicode's default word boundaries
    /// (``WordRule``), so punctuation around a word or a hyphen is a boundary and `3` is not
    /// found in `3.14`.
    public static let wholeWords = TextSearchOptions(rawValue: 4)
}
