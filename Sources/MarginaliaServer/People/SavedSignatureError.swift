import Foundation

/// Why a request about saved signatures was refused; the API answers with ``httpStatus``.
public enum SavedSignatureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The caller is nobody in particular (a server without named users).
    case noNamedUser
    /// A member of the body is missing or wrong: its JSON path and why.
    case malformed(path: String, reason: String)
    /// Something over a limit of ``SavedSignatureLimits``: what was found, the limit's value
    /// and its name.
    case overLimit(found: String, limit: Int, name: String)
    /// The owner keeps as many as they may already.
    case full(limit: Int)
    /// An image that is not a readable PNG or JPEG, and why.
    case unreadableImage(String)
    /// No saved signature of the owner has this id.
    case notFound(id: String, owner: String)

    public var description: String {
        switch self {
        case .noNamedUser:
            return "saved signatures belong to a signed-in user, and this server has no named users "
                + "(the editor keeps them in the browser)"
        case .malformed(let path, let reason): return "\(path): \(reason)"
        case .overLimit(let found, let limit, let name): return "\(found), more than the limit of \(limit) (\(name))"
        case .full(let limit):
            return "you keep \(limit) saved signatures and initials, the most one user may (maxSaved): remove one first"
        case .unreadableImage(let reason): return "drawing.data: not a readable PNG or JPEG image: \(reason)"
        case .notFound(let id, let owner): return "'\(owner.prefix(100))' has no saved signature \(id.prefix(40))"
        }
    }
}

extension SavedSignatureError: APIErrorConvertible {
    public var httpStatus: Int {
        switch self {
        case .noNamedUser: return 403
        case .malformed: return 400
        case .overLimit: return 413
        case .full: return 409
        case .unreadableImage: return 422
        case .notFound: return 404
        }
    }

    public var code: String {
        switch self {
        case .noNamedUser: return "forbidden"
        case .malformed: return "badRequest"
        case .overLimit: return "tooLarge"
        case .full: return "conflict"
        case .unreadableImage: return "unprocessable"
        case .notFound: return "notFound"
        }
    }

    public var message: String { description }
}
