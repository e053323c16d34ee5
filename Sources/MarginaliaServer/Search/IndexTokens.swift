import Foundation
import Marginalia

/// The words a text index keeps and looks for, made in Swift for the PostgreSQL index so that
/// it finds what SQLite FTS5's `unicode61 remove_diacritics 2` tokenizer finds, whatever the
/// database's locale: a token is a run of letters and digits, folded as the search folds
/// (``TextMatcher/fold(_:_:)``: lowercase, accents removed); everything else separates tokens.
enum IndexTokens {
    /// The longest token kept, in UTF-8 bytes (PostgreSQL refuses lexemes of 2,046 or more).
    static let longest = 512
    /// The last position a `tsvector` records; later tokens share it.
    static let lastPosition = 16_383

    /// The tokens of `text`, in order.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        func finish() {
            if !current.isEmpty, String(current).utf8.count <= longest { tokens.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        for character in text {
            guard character.isLetter || character.isNumber else { finish(); continue }
            for scalar in TextMatcher.fold(character, [.caseInsensitive, .diacriticInsensitive]) {
                // Combining marks left by folding belong to the token; anything else not a
                // letter or digit still separates (as unicode61 does).
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || scalar.properties.generalCategory == .nonspacingMark {
                    current.append(scalar)
                } else {
                    finish()
                }
            }
        }
        finish()
        return tokens
    }

    /// `text` as a `tsvector` literal: each token quoted, with its position (1-based).
    static func vector(_ text: String) -> String {
        tokens(text).enumerated().map { "\(lexeme($1)):\(min($0 + 1, lastPosition))" }.joined(separator: " ")
    }

    /// A `tsquery` literal for a user's query: every term (``SearchQuery/terms(_:)``) required,
    /// a phrase's tokens in order (`<->`); nil when no term has a token. Every lexeme is
    /// quoted, so no query can use the `tsquery` syntax.
    static func query(_ query: String) -> String? {
        let terms = SearchQuery.terms(query).map(tokens).filter { !$0.isEmpty }
        guard !terms.isEmpty else { return nil }
        return terms.map { "(" + $0.map(lexeme).joined(separator: " <-> ") + ")" }.joined(separator: " & ")
    }

    private static func lexeme(_ token: String) -> String {
        "'" + token.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// A short extract of `body` around the first word holding a token of `query`: at most
    /// `length` words, "…" where words were left out (as FTS5's `snippet` makes them).
    static func snippet(_ body: String, query: String, length: Int = 12) -> String {
        let words = body.split(whereSeparator: \.isWhitespace)
        guard words.count > length else { return words.joined(separator: " ") }
        let wanted = Set(SearchQuery.terms(query).flatMap(tokens))
        let first = words.firstIndex { !wanted.isDisjoint(with: tokens(String($0))) } ?? 0
        let start = max(0, min(first - 2, words.count - length))
        let end = start + length
        return (start > 0 ? "…" : "") + words[start..<end].joined(separator: " ") + (end < words.count ? "…" : "")
    }
}
