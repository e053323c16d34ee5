import Foundation

/// Why a request about people was refused: by the store, the CLI (`marginalia users`) or the
/// API. Each case says what was wrong; the API answers with ``httpStatus``.
public enum PeopleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A role name that is none of ``Role``'s.
    case unknownRole(String)
    /// A user name that is empty, too long or holds control characters, and why.
    case invalidName(String, reason: String)
    /// `users add` with a name the store already has (revoked or not).
    case userExists(String)
    /// No user with this name.
    case noSuchUser(String)
    /// An expiry that is not in the future.
    case expiryPassed(Date)

    /// The longest user name, in Unicode code points (as JSON Schema's `maxLength` counts, so a
    /// name of few letters under many combining marks counts them all).
    public static let maximumNameLength = 100

    public var description: String {
        switch self {
        case .unknownRole(let text): return "'\(text.prefix(40))' is not a role: expected \(Role.spelled)"
        case .invalidName(let name, let reason): return "'\(name.prefix(40))' is not a user name: \(reason)"
        case .userExists(let name): return "a user named '\(name)' exists already (revoke it and choose another name)"
        case .noSuchUser(let name): return "no user is named '\(name.prefix(100))'"
        case .expiryPassed(let date): return "the expiry \(ISO8601DateFormatter().string(from: date)) has passed"
        }
    }

    /// Checks a user name: 1 to ``maximumNameLength`` characters, no control characters, no
    /// space at either end.
    public static func validateName(_ name: String) throws(PeopleError) -> String {
        if name.isEmpty { throw .invalidName(name, reason: "it is empty") }
        if name.unicodeScalars.count > maximumNameLength {
            throw .invalidName(name, reason: "longer than \(maximumNameLength) characters (Unicode code points)")
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .invalidName(name, reason: "it holds a control character")
        }
        if name.first?.isWhitespace == true || name.last?.isWhitespace == true {
            throw .invalidName(name, reason: "it starts or ends with a space")
        }
        if name == DocumentShares.everyoneName || name == DocumentShares.everyone {
            throw .invalidName(name, reason: "it stands for every user in shares")
        }
        return name
    }
}

extension PeopleError: APIErrorConvertible {
    public var httpStatus: Int {
        switch self {
        case .unknownRole, .invalidName, .expiryPassed: return 400
        case .userExists: return 409
        case .noSuchUser: return 404
        }
    }

    public var code: String {
        switch self {
        case .unknownRole, .invalidName, .expiryPassed: return "badRequest"
        case .userExists: return "conflict"
        case .noSuchUser: return "notFound"
        }
    }

    public var message: String { description }
}
