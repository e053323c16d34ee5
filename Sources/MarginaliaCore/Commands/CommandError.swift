#if !hasFeature(Embedded)
import Foundation
#endif

/// Why the engine refuses a command, an annotation or an edit: the same reasons whether the
/// browser's engine checks before it sends or the server checks before it logs.
public enum CommandError: Error, Equatable, Sendable {
    /// The JSON is not what the protocol says; the message names the path ("command.ids[2]: ...").
    case malformed(String)
    /// An annotation a command carries (`add`, `change`, `paste`) that the checked reading of
    /// the annotation JSON refuses, with the field and why (`annotation.opacity: expected a
    /// number from 0 to 1`): what the server answers with 422, as it always has.
    case invalidAnnotation(AnnotationJSONError)
    /// More than a limit of the engine allows; the message names the limit and where it was
    /// passed, `limit` says which for the editor's sentence.
    case tooLarge(String, Limit)
    /// A page index past the document's end.
    case pageOutOfRange(Int, pageCount: Int)
    /// No annotation with this id (on the page the command names, when it names one).
    case unknownAnnotation(String)
    /// The annotation is locked (`/F` bit 8): it cannot be moved, resized, restyled or deleted.
    case locked(id: String, action: String)
    /// The annotation is read-only (`/F` bit 7): it cannot be changed at all.
    case readOnly(id: String, action: String)
    /// The comment (a reply or a review state) is `author`'s: only they may change it.
    case notAuthor(id: String, author: String, action: String)
    /// A command clients may not send (the operation log's internal steps, such as restoring
    /// a removed page object).
    case notAllowed(String)

    /// A limit of the engine's command rules, with the figures a sentence about it needs.
    public enum Limit: Equatable, Sendable {
        /// One list of a command has `count` items, more than `max`.
        case listItems(count: Int, max: Int)
        /// A reply's text is longer than `maxBytes` bytes.
        case commentBytes(maxBytes: Int)
        /// One pointer event carries `count` samples, more than `max`.
        case pointerSamples(count: Int, max: Int)
    }

    /// One line a user can read.
    public var message: String {
        switch self {
        case .malformed(let message): return message
        case .invalidAnnotation(let error): return error.description
        case .tooLarge(let message, _): return message
        case .pageOutOfRange(let index, let count):
            return "page \(index) does not exist (the document has \(count) page\(count == 1 ? "" : "s"), numbered from 0)"
        case .unknownAnnotation(let id): return "no annotation \(id)"
        case .locked(let id, let action): return "annotation \(id) is locked: it cannot be \(action)"
        case .readOnly(let id, let action): return "annotation \(id) is read-only: it cannot be \(action)"
        case .notAuthor(let id, let author, let action): return "annotation \(id) is \(author)'s comment: only \(author) can have it \(action)"
        case .notAllowed(let message): return message
        }
    }
}

extension CommandError {
    /// The refusal's identifier and arguments for the editor to say in the user's language
    /// (``Reason``); nil for refusals a user of the editor does not meet (malformed commands,
    /// internal steps) or whose limit the message alone names.
    public var reason: Reason? {
        switch self {
        case .malformed, .invalidAnnotation, .notAllowed: return nil
        case .tooLarge(_, .listItems(let count, let max)):
            return Reason(.listItems, [("count", .number(Double(count))), ("max", .number(Double(max)))])
        case .tooLarge(_, .commentBytes(let maxBytes)): return Reason(.commentLength, [("maxBytes", .number(Double(maxBytes)))])
        case .tooLarge(_, .pointerSamples(let count, let max)):
            return Reason(.pointerSamples, [("count", .number(Double(count))), ("max", .number(Double(max)))])
        case .pageOutOfRange(let index, let count):
            return Reason(.pageOutOfRange, [("page", .number(Double(index + 1))), ("pageCount", .number(Double(count)))])
        case .unknownAnnotation(let id): return Reason(.unknownAnnotation, [("id", .string(id))])
        case .locked(let id, _): return Reason(.annotationLocked, [("id", .string(id))])
        case .readOnly(let id, _): return Reason(.annotationReadOnly, [("id", .string(id))])
        case .notAuthor(_, let author, _): return Reason(.notAuthor, [("author", .string(author))])
        }
    }
}
