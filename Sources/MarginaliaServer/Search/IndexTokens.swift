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
            if let ascii = character.asciiValue {
                // Most text: no Unicode properties to look up.
                switch ascii {
                case 48...57, 97...122: current.append(Unicode.Scalar(ascii))
                case 65...90: current.append(Unicode.Scalar(ascii + 32))
                default: finish()
                }
                continue
            }
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

    /// The longest `tsvector` literal made, in UTF-8 bytes (PostgreSQL refuses a `tsvector` of
    /// 1 MB or more); the tokens of a page with more text are not indexed.
    static let longestVector = 900_000

    /// `text` as a `tsvector` literal: each token quoted, with its position (1-based).
    static func vector(_ text: String) -> String {
        var literal = ""
        for (index, token) in tokens(text).enumerated() {
            let item = "\(lexeme(token)):\(min(index + 1, lastPosition))"
            guard literal.utf8.count + item.utf8.count < longestVector else { break }
            if !literal.isEmpty { literal += " " }
            literal += item
        }
        return literal
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
        let words = body.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count > length else { return words.joined(separator: " ") }
        let wanted = Set(SearchQuery.terms(query).flatMap(tokens))
        return snippet(words, around: words.firstIndex { !wanted.isDisjoint(with: tokens($0)) } ?? 0, length: length)
    }

    /// At most `length` of `words`, from two before word `first`.
    static func snippet(_ words: [String], around first: Int, length: Int = 12) -> String {
        guard words.count > length else { return words.joined(separator: " ") }
        let start = max(0, min(first - 2, words.count - length))
        let end = start + length
        return (start > 0 ? "…" : "") + words[start..<end].joined(separator: " ") + (end < words.count ? "…" : "")
    }
}
