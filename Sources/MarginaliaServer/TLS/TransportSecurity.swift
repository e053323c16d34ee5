import Foundation

/// How browsers reach the server, which decides two things a page over HTTPS needs: the token
/// cookie's `Secure` attribute and the `Strict-Transport-Security` header (docs/deploy.md).
///
/// - ``plain``: plain HTTP (the default, and what loopback use needs): neither.
/// - ``tls(hstsMaxAge:)``: the server speaks HTTPS itself (`--tls-cert`, `--tls-key`): the
///   cookie is `Secure` and every response carries HSTS.
/// - ``behindTLSProxy(hstsMaxAge:)``: a proxy such as HAProxy terminates TLS and forwards plain
///   HTTP (`--behind-tls-proxy`): the cookie is `Secure`, and responses carry HSTS when the
///   proxy says the client used HTTPS (`X-Forwarded-Proto: https`). Only in this mode is that
///   header believed: anyone can send it to a server nobody stands in front of.
public enum TransportSecurity: Sendable, Equatable {
    case plain
    case tls(hstsMaxAge: Int)
    case behindTLSProxy(hstsMaxAge: Int)

    /// A year, the usual HSTS lifetime (RFC 6797 leaves it to the site).
    public static let defaultHSTSMaxAge = 31_536_000

    /// Whether cookies the server sets must carry `Secure` (browsers then send them over HTTPS only).
    public var securesCookies: Bool {
        self != .plain
    }

    /// Whether `request` reached the browser's side of the connection over HTTPS.
    public func isHTTPS(_ request: HTTPRequest) -> Bool {
        switch self {
        case .plain:
            return false
        case .tls:
            return true
        case .behindTLSProxy:
            // The nearest proxy's value is the last one when several were joined.
            guard let forwarded = request.header("x-forwarded-proto") else { return false }
            let last = forwarded.split(separator: ",").last.map(String.init) ?? forwarded
            return last.trimmingCharacters(in: .whitespaces).lowercased() == "https"
        }
    }

    /// The `Strict-Transport-Security` value, or nil for plain HTTP.
    public var hstsValue: String? {
        switch self {
        case .plain: return nil
        case .tls(let age), .behindTLSProxy(let age): return "max-age=\(age)"
        }
    }

    /// `handler` with HSTS added to its answers to HTTPS requests (RFC 6797 §7.2: a browser
    /// ignores the header over plain HTTP, so it is not sent there).
    public func wrapping(_ handler: @escaping HTTPHandler) -> HTTPHandler {
        guard let value = hstsValue else { return handler }
        return { request in
            let response = await handler(request)
            guard isHTTPS(request), response.header("Strict-Transport-Security") == nil else { return response }
            return response.adding(header: "Strict-Transport-Security", value: value)
        }
    }
}
