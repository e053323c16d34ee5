import Foundation
import Marginalia

extension DocumentSearch {
    /// Finds `query` in one document as a viewer's find does (Ctrl+F): the text as typed is
    /// one phrase, matched with ``TextMatcher`` (runs of spaces and punctuation between words
    /// match any such run; within words too, unless `.wholeWords`) in the engine's own
    /// extraction of each page of the document's current state, and in its annotations'
    /// contents. The text index is not consulted: an upload or an edit is found at once, and
    /// the index's rules (every word anywhere on the page) are the cross-document search's.
    ///
    /// The answer lists the pages and annotations that hold the query, in page order, and
    /// every match in the engine's reading order (``SearchResults/ordered``).
    ///
    /// - Parameters:
    ///   - options: how the query matches (``TextSearchOptions``); accents are always
    ///     ignored. Without `.caseInsensitive` case must agree; with `.wholeWords` a match
    ///     begins and ends at word boundaries.
    ///   - first: the first page (0-based) read; pages before it are left out.
    ///   - limit: the most matches wanted: the answer ends with the page on which the count
    ///     is reached and later pages are not read (a fast first answer for a long document;
    ///     nil: every page, every match).
    public func search(_ id: String, query: String, options: TextSearchOptions = [.caseInsensitive, .diacriticInsensitive],
                       from first: Int = 0, limit: Int? = nil) throws -> SearchResults {
        try Self.checkQueryLength(query)
        guard let matcher = TextMatcher(query, options: options.union(.diacriticInsensitive)) else {
            throw ServiceError.badRequest("q: expected words to search for")
        }
        let name = try documents.summary(id).name
        return try budgeted("searching document \(id)") { meter in try withDocument(id, meter: meter) { state in
            var hits: [SearchResults.Hit] = [], ordered: [SearchResults.OrderedMatch] = []
            var page = max(0, first)
            let count = try state.document.pageCount
            while page < count, ordered.count < limit ?? .max {
                // A page that cannot be read is passed over, as the index passes it over.
                let read = try? pageWords.page(id, revision: state.revision, page: page, options: matcher.options,
                                               lastPage: count - 1) { try state.document.text(ofPage: $0).words }
                let words = read?.words ?? []
                let text = (read.map { matcher.matches(in: $0.folded) } ?? []).map {
                    SearchResults.Match(text: TextMatcher.text(of: $0, in: words), quads: TextMatcher.quads(of: $0, in: words),
                                        word: $0.start.word)
                }
                let notes = Self.notes(on: page, of: state.document, matching: matcher)
                if !text.isEmpty {
                    hits.append(.init(documentID: id, name: name, page: page, kind: TextIndexHit.Kind.page.rawValue, annotationID: nil,
                                      snippet: IndexTokens.snippet(words.map(\.text), around: text[0].word), matches: text))
                }
                for note in notes {
                    hits.append(.init(documentID: id, name: name, page: page, kind: TextIndexHit.Kind.annotation.rawValue,
                                      annotationID: note.id, snippet: note.snippet, matches: []))
                }
                ordered += Self.inReadingOrder(text, notes, page: page, words: words)
                page += 1
            }
            return SearchResults(query: query, revision: state.revision, hits: hits, ordered: ordered)
        } }
    }

    /// An annotation that holds the query: where it is, the text matched, and whether its
    /// text is drawn on the page (a free text's appearance).
    private struct Note {
        var id: String
        var rect: CGRect
        var text: String
        var snippet: String
        var drawsText: Bool
    }

    /// The annotations of a page whose contents (a note's, a comment's, a free text's) hold
    /// the query, in the page's order.
    private static func notes(on page: Int, of document: PDFDocument, matching matcher: TextMatcher) -> [Note] {
        ((try? document.annotations(onPage: page)) ?? []).compactMap { annotation in
            guard let contents = annotation.contents, let first = matcher.matches(inPlainText: contents).first else { return nil }
            let words = contents.split(whereSeparator: WordRule.separates).map(String.init)
            return Note(id: annotation.id, rect: annotation.rect, text: first, snippet: IndexTokens.snippet(words, around: 0),
                        drawsText: annotation.annotationSubtype == .freeText)
        }
    }

    /// A page's matches in its reading order, with each annotation placed among them by
    /// ``ReadingOrder``. A free text whose words are found on the page (a text match lies
    /// inside its rectangle: its appearance) is not listed again.
    private static func inReadingOrder(_ text: [SearchResults.Match], _ notes: [Note], page: Int,
                                       words: [TextWord]) -> [SearchResults.OrderedMatch] {
        let centres = text.compactMap { $0.quads.first.map { CGPoint(x: $0.bounds.midX, y: $0.bounds.midY) } }
        let annotations = notes.filter { note in
            !(note.drawsText && centres.contains { note.rect.insetBy(dx: -1, dy: -1).contains($0) })
        }
        let order = ReadingOrder.order(annotations.map(\.rect), among: words)
        let places = order.map { ReadingOrder.position(of: annotations[$0].rect, among: words) }
        var result: [SearchResults.OrderedMatch] = []
        var next = 0
        for match in text {
            while next < order.count, places[next] <= match.word {
                result.append(ordered(annotations[order[next]], page: page))
                next += 1
            }
            result.append(.init(page: page, annotationID: nil, text: match.text, quads: match.quads))
        }
        for rest in order[next...] { result.append(ordered(annotations[rest], page: page)) }
        return result
    }

    private static func ordered(_ note: Note, page: Int) -> SearchResults.OrderedMatch {
        let r = note.rect
        let quad = TextQuad(bottomLeft: CGPoint(x: r.minX, y: r.minY), bottomRight: CGPoint(x: r.maxX, y: r.minY),
                            topRight: CGPoint(x: r.maxX, y: r.maxY), topLeft: CGPoint(x: r.minX, y: r.maxY))
        return .init(page: page, annotationID: note.id, text: note.text, quads: [quad])
    }
}
