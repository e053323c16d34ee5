/// Why a font file could not be used, with which part of it was wrong.
///
/// `description` is a one-line message for a user; a damaged table is named by its tag.
public enum FontError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is larger than ``TrueTypeFont/maximumFileSize``.
    case tooLarge(size: Int, limit: Int)
    /// The data is not a TrueType font (an OpenType font with CFF outlines, a WOFF file,
    /// something else): `reason` says what it is, where that is known.
    case notTrueType(reason: String)
    /// A table every TrueType font needs is absent.
    case missingTable(tag: String)
    /// A table is shorter than its contents claim, or holds values that cannot be right.
    /// `tag` is the table's four-character tag, or `"table directory"`.
    case damagedTable(tag: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot read the font: \(reason)"
        case .tooLarge(let size, let limit): return "the font file is too large (\(size) bytes; the limit is \(limit))"
        case .notTrueType(let reason): return "not a TrueType font: \(reason)"
        case .missingTable(let tag): return "damaged font: the '\(tag)' table is missing"
        case .damagedTable(let tag, let reason): return "damaged font: '\(tag)' table: \(reason)"
        }
    }
}
