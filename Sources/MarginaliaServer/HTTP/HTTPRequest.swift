import Foundation

/// One HTTP request as a value: what a route handler sees.
///
/// The path and query items arrive percent-decoded (libmicrohttpd decodes them); header names
/// are lowercased so lookups do not depend on how the client spelled them.
public struct HTTPRequest: Sendable {
    /// The method in upper case, such as `GET`.
    public var method: String
    /// The decoded path, without the query, such as `/api/v1/documents`.
    public var path: String
    /// The decoded query items in the order the client sent them; a key without `=` has an
    /// empty value.
    public var queryItems: [(name: String, value: String)]
    /// Header fields with lowercased names; a repeated header keeps its values joined by `, `.
    public var headers: [String: String]
    /// The request body (empty when the client sent none); an upload's is mapped from its file.
    public var body: Data
    /// The file an upload's body was written to (``UploadSpooling``), valid while the request
    /// is handled; nil for a body held in memory.
    public var bodyFile: URL?
    /// The client's address, such as `127.0.0.1` or `::1`, or an empty string when unknown.
    public var remoteAddress: String

    /// Creates a request value (the server builds these; tests may too).
    public init(method: String, path: String, queryItems: [(name: String, value: String)] = [],
                headers: [String: String] = [:], body: Data = Data(), remoteAddress: String = "") {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The first value of the query item `name`, or nil.
    public func query(_ name: String) -> String? {
        queryItems.first(where: { $0.name == name })?.value
    }

    /// The value of the header `name` (any case), or nil.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The cookie `name` from the `Cookie` header, or nil.
    public func cookie(_ name: String) -> String? {
        guard let field = header("cookie") else { return nil }
        for pair in field.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
