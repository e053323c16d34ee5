import Foundation
import Marginalia
import MarginaliaEditor

/// Why the document service refused or failed a request. Each case maps to one error code
/// of the API (docs: notes/api-spec.md) through ``code``; ``message`` says what was wrong.
public enum ServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No such document or version (404).
    case notFound(String)
    /// The request itself is malformed: a bad id or name, JSON that does not decode (400).
    case badRequest(String)
    /// The request does not fit the document's revision (409).
    case conflict(String)
    /// The document refuses the change: a locked or read-only annotation (403).
    case forbidden(String)
    /// Well-formed, but does not fit the document: an unknown annotation, a page out of
    /// range, bytes that are not a PDF, PNG or JPEG (422).
    case unprocessable(String)
    /// An encrypted PDF that opens only with a password, and none or a wrong one was given
    /// (422, code `passwordRequired`, so a client can ask for it and send it again).
    case passwordRequired(String)
    /// The request asks for more than a configured limit allows (413); the message names
    /// the limit (``RequestLimits``).
    case tooLarge(String)
    /// The store or the engine failed (500).
    case internalError(String)
    /// The database cannot be reached now; the request may be tried again (503).
    case unavailable(String)
    /// The server's memory budget is lent to other requests: try again after `retryAfter`
    /// seconds (503 with `Retry-After`, ``MemoryBudget``).
    case busy(String, retryAfter: Int)
    /// One of the errors above with the reason the editor says in the user's language
    /// (``Reason``: `reason` and `args` next to `code` and `message`); made by ``because(_:)``.
    indirect case explained(ServiceError, Reason)

    /// This error with `reason`, answered as this error is.
    public func because(_ reason: Reason?) -> ServiceError {
        guard let reason else { return self }
        if case .explained(let error, _) = self { return .explained(error, reason) }
        return .explained(self, reason)
    }

    /// The identifier and arguments of the refusal for the editor, when it has one.
    public var reason: Reason? {
        if case .explained(_, let reason) = self { return reason }
        return nil
    }

    /// The API's error code: notFound, badRequest, conflict, forbidden, unprocessable,
    /// passwordRequired, tooLarge, internal or unavailable.
    public var code: String {
        switch self {
        case .notFound: return "notFound"
        case .badRequest: return "badRequest"
        case .conflict: return "conflict"
        case .forbidden: return "forbidden"
        case .unprocessable: return "unprocessable"
        case .passwordRequired: return "passwordRequired"
        case .tooLarge: return "tooLarge"
        case .internalError: return "internal"
        case .unavailable, .busy: return "unavailable"
        case .explained(let error, _): return error.code
        }
    }

    /// The HTTP status that goes with ``code``.
    public var httpStatus: Int {
        switch self {
        case .notFound: return 404
        case .badRequest: return 400
        case .conflict: return 409
        case .forbidden: return 403
        case .unprocessable, .passwordRequired: return 422
        case .tooLarge: return 413
        case .internalError: return 500
        case .unavailable, .busy: return 503
        case .explained(let error, _): return error.httpStatus
        }
    }

    /// What was wrong, for a person.
    public var message: String {
        switch self {
        case .notFound(let text), .badRequest(let text), .conflict(let text), .forbidden(let text), .unprocessable(let text),
             .passwordRequired(let text), .tooLarge(let text), .internalError(let text), .unavailable(let text), .busy(let text, _):
            return text
        case .explained(let error, _): return error.message
        }
    }

    /// Seconds after which a refused request may be sent again (the `Retry-After` header);
    /// nil for errors that trying again will not cure.
    public var retryAfter: Int? {
        if case .busy(_, let seconds) = self { return seconds }
        if case .explained(let error, _) = self { return error.retryAfter }
        return nil
    }

    public var description: String { "\(code): \(message)" }
}

extension ServiceError {
    /// An error from the store as the service reports it.
    static func from(_ error: StoreError) -> ServiceError {
        switch error {
        case .notFound: return .notFound(error.description).because(Reason(.notFound))
        case .invalidID, .invalidName, .invalidRequest: return .badRequest(error.description)
        case .conflict(_, let found): return .conflict(error.description).because(found.reason)
        case .unavailable: return .unavailable(error.description).because(Reason(.databaseUnavailable))
        case .damaged, .io, .sqlite, .postgres: return .internalError(error.description)
        }
    }

    /// A refusal of the engine core's command rules as the service reports it: malformed
    /// commands and internal steps are 400, limits 413, locked and read-only annotations 403,
    /// what does not fit the document 422.
    static func from(_ error: CommandError) -> ServiceError {
        switch error {
        case .malformed(let message), .notAllowed(let message): return .badRequest(message)
        case .tooLarge(let message, _): return ServiceError.tooLarge(message).because(error.reason)
        case .locked, .readOnly, .notAuthor: return ServiceError.forbidden(error.message).because(error.reason)
        case .invalidAnnotation: return .unprocessable(error.message)
        case .pageOutOfRange, .unknownAnnotation: return ServiceError.unprocessable(error.message).because(error.reason)
        }
    }

    /// A PDF the engine could not read as the service reports it: a limit of docs/limits.md
    /// is 413 naming the limit and how the server's are set; anything else is what the file
    /// holds, 422. (A stored file that cannot be opened is reported by the loader, 500.)
    static func from(_ error: PDFError) -> ServiceError {
        if case .limitExceeded(_, let name, let max) = error, let limit = Reason.ReadingLimit(rawValue: name.rawValue) {
            return ServiceError.tooLarge("\(error) (a reading limit of docs/limits.md, raised for marginalia serve with MARGINALIA_LIMITS=NAME=VALUE)")
                .because(Reason(.readingLimitNamed(limit), [(Reason.Key.readingLimitNamed(limit).arguments[0], .number(Double(max))),
                                                            ("option", .string("MARGINALIA_LIMITS"))]))
        }
        return .unprocessable(error.description)
    }

    /// An image the decoder refuses as the service reports it: 422, with the reason of an image
    /// over the decoder's size or page limits.
    static func from(_ error: ImageError) -> ServiceError {
        let refused = ServiceError.unprocessable(error.description)
        switch error {
        case .tooLarge(let width, let height, let limit):
            return refused.because(Reason(.imageTooLarge, [("width", .number(Double(width))), ("height", .number(Double(height))),
                                                           ("max", .number(Double(limit)))]))
        case .tooManyPages(let count, let limit):
            return refused.because(Reason(.imageTooManyPages, [("count", .number(Double(count))), ("max", .number(Double(limit)))]))
        default: return refused
        }
    }

    /// A signature rule as the service reports it: a change the document's certification
    /// does not allow is 403 (the document refuses it, as a locked annotation), naming the
    /// permission; a rewrite that would break signatures is 409; a time-stamp authority that
    /// gave no good token is 503 (nothing was signed; the request may be tried again); the rest
    /// of what a signature check finds is the document's, 422.
    static func from(_ error: SignatureError) -> ServiceError {
        switch error {
        case .timestamp(let reason):
            return .unavailable("the signature time-stamp (serve --timestamp-url): \(reason); nothing was signed")
        case .certificationForbids: return ServiceError.forbidden(error.description).because(Reason(.certificationForbids))
        case .rewriteBreaksSignatures: return ServiceError.conflict(error.description).because(Reason(.rewriteBreaksSignatures))
        default: return .unprocessable(error.description)
        }
    }

    /// Any error, as the service reports it. `editing` says whether the engine was applying a
    /// client's request (its failures are the client's: 422) or working on stored data (500).
    static func wrap(_ error: any Error, editing: Bool = false) -> ServiceError {
        switch error {
        case let error as ServiceError: return error
        case let error as StoreError: return from(error)
        case let error as OperationError: return .unprocessable(error.description)
        case let error as CommandError: return from(error)
        case let error as ImageError: return from(error)
        case let error as PDFError: return from(error)
        case let error as SignatureError: return from(error)
        case let error as UndoRefusal: return ServiceError.conflict(error.description).because(error.explanation)
        default:
            return editing ? .unprocessable(String(describing: error)) : .internalError(String(describing: error))
        }
    }
}
