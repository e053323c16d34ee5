import Foundation
import Marginalia

extension DocumentSearch {
    /// Finds a pattern (a regular expression or a ``TextPreset``) in one document's page
    /// text, as ``search(_:query:options:from:limit:)`` finds a phrase: every match with its
    /// exact quads, in the engine's reading order, from the document's current state. The
    /// editor's "find and mark every match" for redaction asks this way; annotations'
    /// contents are not searched (a mark covers page content).
    ///
    /// - Parameters:
    ///   - first: the first page (0-based) read.
    ///   - limit: the most matches wanted (nil: every match).
    public func search(_ id: String, pattern: TextPattern, from first: Int = 0, limit: Int? = nil) throws -> SearchResults {
        let name = try documents.summary(id).name
        let query = pattern.preset?.rawValue ?? pattern.expression.pattern
        return try budgeted("searching document \(id)") { meter in try withDocument(id, meter: meter) { state in
            var hits: [SearchResults.Hit] = [], ordered: [SearchResults.OrderedMatch] = []
            var page = max(0, first)
            let count = try state.document.pageCount
            while page < count, ordered.count < limit ?? .max {
                // A page that cannot be read is passed over, as the phrase search passes it over.
                let text = try? state.document.text(ofPage: page)
                let matches = (text.map { $0.findMatches(of: pattern) } ?? []).map {
                    SearchResults.Match(text: $0.string, quads: $0.quads(onPage: page))
                }.filter { !$0.quads.isEmpty }
                if let text, !matches.isEmpty {
                    let words = text.words.map(\.text)
                    // The snippet is shown around the first word the first match meets.
                    let firstWord = words.firstIndex { $0.contains(matches[0].text) || matches[0].text.contains($0) } ?? 0
                    hits.append(.init(documentID: id, name: name, page: page, kind: TextIndexHit.Kind.page.rawValue, annotationID: nil,
                                      snippet: IndexTokens.snippet(words, around: firstWord), matches: matches))
                    ordered += matches.map { .init(page: page, annotationID: nil, text: $0.text, quads: $0.quads) }
                }
                page += 1
            }
            return SearchResults(query: query, revision: state.revision, hits: hits, ordered: ordered)
        } }
    }
}
