/// Everything that can go wrong reading or writing a PDF, with where it went wrong.
///
/// Each case carries enough to tell a user what was wrong and where (a byte offset or an
/// object number); `description` is that one-line message.
public enum PDFError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes at `offset` are not valid PDF syntax.
    case syntax(offset: Int, message: String)
    /// The data ended at `offset` in the middle of something.
    case unexpectedEnd(offset: Int)
    /// The file does not start like a PDF and no objects could be found in it.
    case notAPDF
    /// An indirect object could not be found or read.
    case objectNotFound(PDFReference)
    /// An object was found but is not what its context requires.
    case invalidObject(PDFReference?, message: String)
    /// The cross-reference data is damaged and could not be rebuilt.
    case unrepairable(String)
    /// A stream filter failed on malformed data.
    case filter(name: String, reason: String)
    /// A configured limit (see ``PDFLimits``) was reached: `limit` names it and `max` is its
    /// value; the message says what passed it and where.
    case limitExceeded(String, limit: PDFLimits.Name, max: Int)
    /// The document is encrypted and the given password (or none) does not open it.
    case passwordRequired
    /// The encryption scheme is not one this library implements.
    case unsupportedEncryption(String)
    /// Reading or writing a file failed.
    case io(path: String, message: String)
    /// A caller passed an argument that cannot be used (a page index out of range, say).
    case invalidArgument(String)

    public var description: String {
        switch self {
        case .syntax(let offset, let message): return "syntax error at byte \(offset): \(message)"
        case .unexpectedEnd(let offset): return "unexpected end of data at byte \(offset)"
        case .notAPDF: return "not a PDF file: no PDF header or objects found"
        case .objectNotFound(let ref): return "object \(ref.number) \(ref.generation) not found"
        case .invalidObject(let ref?, let message): return "object \(ref.number) \(ref.generation): \(message)"
        case .invalidObject(nil, let message): return message
        case .unrepairable(let message): return "damaged file that could not be repaired: \(message)"
        case .filter(let name, let reason): return "cannot decode /\(name) data: \(reason)"
        case .limitExceeded(let message, _, _): return "limit exceeded: \(message)"
        case .passwordRequired: return "the document is encrypted: a correct password is needed to open it"
        case .unsupportedEncryption(let message): return "unsupported encryption: \(message)"
        case .io(let path, let message): return "\(path): \(message)"
        case .invalidArgument(let message): return message
        }
    }
}
