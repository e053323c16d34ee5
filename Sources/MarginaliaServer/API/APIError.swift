import Foundation
import Marginalia

/// An error the API can answer with: an HTTP status and the spec's error code and message.
///
/// The store's errors conform with an empty extension (they carry the same three facts);
/// anything else that reaches the routes becomes 500 `internal`.
public protocol APIErrorConvertible: Error {
    /// The HTTP status, such as 404.
    var httpStatus: Int { get }
    /// One of `notFound`, `badRequest`, `conflict`, `unprocessable`, `tooLarge`, `unauthorized`, `forbidden`, `internal`.
    var code: String { get }
    /// What was wrong and where, for a person.
    var message: String { get }
    /// Seconds after which the request may be sent again, answered as `Retry-After` (a 503
    /// of the memory budget); nil for none.
    var retryAfter: Int? { get }
    /// The refusal's identifier and arguments for the editor (`reason` and `args`); nil for none.
    var reason: Reason? { get }
}

extension APIErrorConvertible {
    public var retryAfter: Int? { nil }
    public var reason: Reason? { nil }
}

/// The route layer's own errors.
public struct APIError: APIErrorConvertible, Equatable, CustomStringConvertible {
    /// The HTTP status.
    public let httpStatus: Int
    /// The spec's error code.
    public let code: String
    /// What was wrong, for a person.
    public let message: String
    /// The identifier and arguments the editor says in the user's language, if any.
    public let reason: Reason?

    /// Creates an error answered with `status`, `code`, `message` and, when given, `reason`.
    public init(status: Int, code: String, message: String, reason: Reason? = nil) {
        self.httpStatus = status
        self.code = code
        self.message = message
        self.reason = reason
    }

    public var description: String { "\(code): \(message)" }

    /// 400: the request is malformed.
    public static func badRequest(_ message: String) -> APIError { APIError(status: 400, code: "badRequest", message: message) }
    /// 404: nothing there.
    public static func notFound(_ message: String) -> APIError { APIError(status: 404, code: "notFound", message: message) }
    /// 401: a token is required or wrong.
    public static func unauthorized(_ message: String) -> APIError {
        APIError(status: 401, code: "unauthorized", message: message, reason: Reason(.signInRequired))
    }
    /// 403: the caller is signed in but lacks the permission the request needs.
    public static func forbidden(_ message: String) -> APIError {
        APIError(status: 403, code: "forbidden", message: message, reason: Reason(.permissionMissing))
    }
    /// 405: the path exists but not with this method.
    public static func methodNotAllowed(_ method: String, _ path: String) -> APIError {
        APIError(status: 405, code: "badRequest", message: "\(method) is not allowed on \(path)")
    }
    /// 500: a fault on the server's side.
    public static func internalError(_ message: String) -> APIError { APIError(status: 500, code: "internal", message: message) }
}

extension HTTPResponse {
    /// The JSON error response for any error thrown by a route.
    static func apiError(_ error: any Error) -> HTTPResponse {
        // The store's errors reach the routes directly from access control, sharing and the
        // audit log: answered as the service answers them (a database down is 503).
        if let stored = error as? StoreError { return apiError(ServiceError.from(stored)) }
        if let known = error as? any APIErrorConvertible {
            let response = HTTPResponse.jsonError(status: known.httpStatus, code: known.code, message: known.message, reason: known.reason)
            return known.retryAfter.map { response.adding(header: "Retry-After", value: String($0)) } ?? response
        }
        return .jsonError(status: 500, code: "internal", message: "\(error)")
    }
}
