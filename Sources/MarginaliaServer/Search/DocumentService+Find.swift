import Foundation
import Marginalia

extension DocumentService {
    /// Searches one document (its latest state: the index first catches up with it, also
    /// when another replica changed it and has not indexed the change yet): the pages and
    /// annotations that hold every term of `query`, in page order, and every match in the
    /// engine's reading order (``SearchResults/ordered``) for the browser's find.
    ///
    /// - Parameters:
    ///   - options: how terms match (``TextSearchOptions``); accents are always ignored, as
    ///     the index ignores them. Without `.caseInsensitive` case must agree; with
    ///     `.wholeWords` a match begins and ends at word boundaries.
    ///   - pages: the first page (0-based) and the most matches to answer: pages before it
    ///     are left out, and the answer ends with the page on which the count is reached (a
    ///     fast first answer for a long document; nil: every page, every match).
    public func search(_ id: String, query: String, options: TextSearchOptions = [.caseInsensitive, .diacriticInsensitive],
                       from first: Int = 0, limit: Int? = nil) throws -> SearchResults {
        let indexer = try requireIndex()
        let matchers = try validQuery(query, options: options.union(.diacriticInsensitive))
        let summary = try self.summary(id)
        if !summary.trashed, !textIndexIsCurrent(id) { indexer.enqueue(id) }
        indexer.catchUp(id)
        let hits = try guarded { try indexer.index.search(query, documentID: id, limit: 10_000) }.filter { $0.page >= first }
        var kept: [SearchResults.Hit] = [], ordered: [SearchResults.OrderedMatch] = []
        var start = hits.startIndex
        // Page by page (the index answers in page order), until the limit is reached.
        while start < hits.endIndex, ordered.count < limit ?? .max {
            let end = hits[start...].firstIndex { $0.page != hits[start].page } ?? hits.endIndex
            let found = try guarded { try resolve(Array(hits[start..<end]), matchers, indexer.index, [id: summary.name]) }
            let notes = try annotationMatches(id, found.filter { $0.kind == TextIndexHit.Kind.annotation.rawValue }, matchers)
            let page = found.filter { $0.kind == TextIndexHit.Kind.page.rawValue || notes[$0.annotationID ?? ""] != nil }
            kept += page
            ordered += try inReadingOrder(page, notes, indexer.index, id)
            start = end
        }
        return SearchResults(query: query, revision: summary.revision, hits: kept, ordered: ordered)
    }

    /// The annotation hits that hold every term under the matchers' options, by id, with
    /// their rectangle and the text the first term matched.
    private func annotationMatches(_ id: String, _ hits: [SearchResults.Hit],
                                   _ matchers: [TextMatcher]) throws -> [String: Note] {
        guard !hits.isEmpty else { return [:] }
        let wanted = Set(hits.compactMap(\.annotationID))
        let pages = Set(hits.map(\.page))
        return try withDocument(id) { state in
            var result: [String: Note] = [:]
            for page in pages.sorted() {
                for annotation in (try? state.document.annotations(onPage: page)) ?? [] where wanted.contains(annotation.id) {
                    // What the index holds of it (IndexedDocument.Annotation).
                    let text = [annotation.contents, annotation.author].compactMap { $0 }.filter { !$0.isEmpty }
                        .joined(separator: " ")
                    let perTerm = matchers.map { $0.matches(inPlainText: text) }
                    guard let first = perTerm.first?.first, !perTerm.contains(where: \.isEmpty) else { continue }
                    result[annotation.id] = Note(rect: annotation.rect, text: first, drawsText: annotation.subtype == "FreeText")
                }
            }
            return result
        }
    }

    /// An annotation that holds the query: where it is, the text matched, and whether its
    /// text is drawn on the page (a free text's appearance).
    private struct Note {
        var rect: CGRect
        var text: String
        var drawsText: Bool
    }

    /// Every match, page by page, in the page's reading order, with each annotation placed
    /// among them by ``ReadingOrder``. A free text whose words are found on the page (a text
    /// match lies inside its rectangle: its appearance) is not listed again.
    private func inReadingOrder(_ hits: [SearchResults.Hit], _ notes: [String: Note],
                                _ index: any TextIndex, _ id: String) throws -> [SearchResults.OrderedMatch] {
        var result: [SearchResults.OrderedMatch] = []
        for page in Set(hits.map(\.page)).sorted() {
            let text = hits.first { $0.page == page && $0.kind == TextIndexHit.Kind.page.rawValue }?.matches ?? []
            let centres = text.compactMap { $0.quads.first.map { CGPoint(x: $0.bounds.midX, y: $0.bounds.midY) } }
            let annotations = hits.compactMap { hit -> (id: String, rect: CGRect, text: String)? in
                guard hit.page == page, let id = hit.annotationID, let note = notes[id],
                      !(note.drawsText && centres.contains { note.rect.insetBy(dx: -1, dy: -1).contains($0) }) else { return nil }
                return (id, note.rect, note.text)
            }
            let words = annotations.isEmpty ? [] : (try index.words(documentID: id, page: page) ?? [])
            let order = ReadingOrder.order(annotations.map(\.rect), among: words)
            let places = order.map { ReadingOrder.position(of: annotations[$0].rect, among: words) }
            var next = 0
            for match in text {
                while next < order.count, places[next] <= match.word {
                    result.append(Self.ordered(annotations[order[next]], page: page))
                    next += 1
                }
                result.append(.init(page: page, annotationID: nil, text: match.text, quads: match.quads))
            }
            for rest in order[next...] { result.append(Self.ordered(annotations[rest], page: page)) }
        }
        return result
    }

    private static func ordered(_ note: (id: String, rect: CGRect, text: String), page: Int) -> SearchResults.OrderedMatch {
        let r = note.rect
        let quad = TextQuad(bottomLeft: CGPoint(x: r.minX, y: r.minY), bottomRight: CGPoint(x: r.maxX, y: r.minY),
                            topRight: CGPoint(x: r.maxX, y: r.maxY), topLeft: CGPoint(x: r.minX, y: r.maxY))
        return .init(page: page, annotationID: note.id, text: note.text, quads: [quad])
    }
}
