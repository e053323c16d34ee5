import Foundation

/// What the plain-HTTP listener of an HTTPS server answers (`--http-redirect-port`): every
/// request, whatever its method or path, gets `308 Permanent Redirect` to the same host, path
/// and query over HTTPS, and nothing else is served there. 308 rather than 301 keeps the method
/// and body of a POST (RFC 9110 §15.4.9).
public struct HTTPSRedirect: Sendable {
    /// The host named when a request's `Host` header is missing or not a plain host name.
    public let fallbackHost: String
    /// The HTTPS server's port (left out of the address when it is 443).
    public let httpsPort: UInt16

    public init(fallbackHost: String, httpsPort: UInt16) {
        self.fallbackHost = fallbackHost
        self.httpsPort = httpsPort
    }

    /// The 308 for `request`.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let target = location(for: request)
        return HTTPResponse(status: 308, headers: [
            ("Location", target),
            ("Content-Type", "text/plain; charset=utf-8"),
        ], body: .data(Data("This server is served over HTTPS: \(target)\n".utf8)))
    }

    /// The handler to give the plain-HTTP ``HTTPServer``.
    public var handler: HTTPHandler {
        { request in respond(to: request) }
    }

    /// `https://HOST[:PORT]/PATH[?QUERY]`: the host of the request's `Host` header without its
    /// port, the path and query re-encoded from their decoded form (libmicrohttpd decodes them).
    func location(for request: HTTPRequest) -> String {
        let host = Self.hostName(request.header("host")) ?? Self.bracketed(fallbackHost)
        let port = httpsPort == 443 ? "" : ":\(httpsPort)"
        let path = request.path.addingPercentEncoding(withAllowedCharacters: Self.pathAllowed) ?? "/"
        var location = "https://\(host)\(port)\(path.hasPrefix("/") ? path : "/")"
        if !request.queryItems.isEmpty {
            location += "?" + request.queryItems.map { item in
                let name = item.name.addingPercentEncoding(withAllowedCharacters: Self.queryAllowed) ?? ""
                guard !item.value.isEmpty else { return name }
                return name + "=" + (item.value.addingPercentEncoding(withAllowedCharacters: Self.queryAllowed) ?? "")
            }.joined(separator: "&")
        }
        return location
    }

    /// The host part of a `Host` header (`name`, `name:port`, `[v6]` or `[v6]:port`), or nil
    /// when there is none or it holds anything but a host name's or an address's characters
    /// (it goes into a header of the answer).
    static func hostName(_ header: String?) -> String? {
        guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty else { return nil }
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return nil }
            let address = header[header.index(after: header.startIndex)..<close]
            guard !address.isEmpty, address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
            return "[\(address)]"
        }
        let name = header.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
        else { return nil }
        return String(name)
    }

    private static func bracketed(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// RFC 3986's path characters, without `%` (every `%` in the decoded path is a literal one).
    private static let pathAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "%;"))
    /// A query name's or value's characters: without the separators `&`, `=`, `+` and `#`.
    private static let queryAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "%&=+#;"))
}
