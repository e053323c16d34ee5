import Foundation

/// What a pattern search finds in a page's text: a regular expression the user wrote, or one
/// of the ``TextPreset``s (e-mail addresses, phone numbers). The CLI's `redact --regex` and
/// `--preset` and the server's find (`regex`, `preset`) search with it, so a preset has one
/// definition.
public struct TextPattern: Sendable {
    /// The expression matched in the page's ``PageText/string`` (words separated by a space,
    /// lines by a line feed).
    public let expression: NSRegularExpression
    /// The preset it is, if it is one.
    public let preset: TextPreset?

    /// The most characters of a pattern (a user's regular expression).
    public static let maximumLength = 1_000

    /// A user's regular expression (ICU syntax).
    ///
    /// - Parameters:
    ///   - caseSensitive: whether upper and lower case differ.
    ///   - wholeWords: whether a match must begin and end at word boundaries (`\b`).
    /// - Throws: ``TextPatternError`` when it is too long or not a regular expression.
    public init(regularExpression pattern: String, caseSensitive: Bool = true, wholeWords: Bool = false) throws {
        guard pattern.count <= Self.maximumLength else { throw TextPatternError.tooLong(pattern.count) }
        guard !pattern.isEmpty else { throw TextPatternError.invalid(pattern, reason: "it is empty") }
        let source = wholeWords ? "\\b(?:\(pattern))\\b" : pattern
        do {
            expression = try NSRegularExpression(pattern: source, options: caseSensitive ? [] : [.caseInsensitive])
        } catch {
            throw TextPatternError.invalid(pattern, reason: "not a regular expression (ICU syntax)")
        }
        preset = nil
    }

    /// A preset's pattern.
    ///
    /// - Throws: ``TextPatternError/invalid(_:reason:)`` if the preset's expression did not
    ///   compile (it is a constant the tests compile: it does).
    public init(preset: TextPreset) throws {
        self.preset = preset
        do {
            expression = try NSRegularExpression(pattern: preset.expression)
        } catch {
            throw TextPatternError.invalid(preset.expression, reason: "the \(preset.rawValue) preset does not compile")
        }
    }

    /// Whether a match of ``expression`` is one the pattern keeps (a preset's further rules).
    public func accepts(_ match: String) -> Bool {
        preset?.accepts(match) ?? true
    }
}

/// Why a regular expression cannot be searched for.
public enum TextPatternError: Error, Equatable, CustomStringConvertible {
    case tooLong(Int)
    case invalid(String, reason: String)

    public var description: String {
        switch self {
        case .tooLong(let count): return "a pattern of \(count) characters (at most \(TextPattern.maximumLength))"
        case .invalid(let pattern, let reason): return "'\(pattern.prefix(80))': \(reason)"
        }
    }
}

extension PageText {
    /// Every match of `pattern` in the page's text, in reading order, each a selection with
    /// the quads of the characters it covers (see ``findMatches(of:)-(NSRegularExpression)``).
    public func findMatches(of pattern: TextPattern) -> [PDFSelection] {
        findMatches(of: pattern.expression).filter { pattern.accepts($0.string) }
    }
}
