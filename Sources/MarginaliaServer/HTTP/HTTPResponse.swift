import Foundation
import Marginalia

/// One HTTP response as a value: a status, header fields and a body.
public struct HTTPResponse: Sendable {
    /// What the response carries after its header.
    public enum Body: Sendable {
        /// Bytes in memory.
        case data(Data)
        /// A file streamed from disk by the server (no copy into memory).
        case file(path: String)
        /// A `text/event-stream` the route keeps pushing to after the handler returned.
        case eventStream(EventStream)
    }

    /// The status code, such as 200.
    public var status: Int
    /// Header fields, in the order they are sent.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Body

    /// Creates a response.
    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: Body = .data(Data())) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header named `name` (any case), or nil.
    public func header(_ name: String) -> String? {
        headers.first(where: { $0.name.lowercased() == name.lowercased() })?.value
    }

    /// Returns a copy with one more header field.
    public func adding(header name: String, value: String) -> HTTPResponse {
        var copy = self
        copy.headers.append((name, value))
        return copy
    }

    /// A plain-text response.
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: .data(Data(text.utf8)))
    }

    /// A JSON response from bytes already encoded.
    public static func json(data: Data, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: .data(data))
    }

    /// The API's error shape: `{"error": {"code": CODE, "message": MESSAGE}}`, with `reason`
    /// and `args` when the refusal has a ``Reason`` the editor says in the user's language.
    public static func jsonError(status: Int, code: String, message: String, reason: Reason? = nil) -> HTTPResponse {
        let members: [(String, JSONValue)] = [("code", .string(code)), ("message", .string(message))] + (reason?.members ?? [])
        let payload = JSONValue.object(JSONObject(pairs: [("error", .object(JSONObject(pairs: members)))]))
        return json(data: Data(JSONWriter.bytes(payload)), status: status)
    }

    /// An event stream response (`text/event-stream`, not cached, not buffered by proxies).
    public static func events(_ stream: EventStream) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [
            ("Content-Type", "text/event-stream; charset=utf-8"),
            ("Cache-Control", "no-cache"),
            ("X-Accel-Buffering", "no"),
        ], body: .eventStream(stream))
    }
}

/// What answers requests: called on a server thread for every complete request, concurrently.
public typealias HTTPHandler = @Sendable (HTTPRequest) async -> HTTPResponse
