import Foundation
import Marginalia

/// A request whose line and header fields have arrived: what the server decides before it
/// reads a byte of the body, and how the whole request becomes an ``HTTPRequest``.
///
/// libmicrohttpd parses the bytes on the wire in C and hands over the method, the decoded
/// target, the query items, the header fields and the body. Everything the server does with
/// them from there to its handler lives here, so the libmicrohttpd callback
/// (`HTTPServer+Callbacks.swift`) and the HTTP fuzz target (`Fuzz/FuzzHTTP`) take the same path.
public struct RequestHead: Sendable, Equatable {
    /// The method as the client sent it, such as `GET`.
    public let method: String
    /// The one reading of the target (``RequestTarget``): the resolved path, or `*`.
    public let path: String
    /// Whether the body is an upload written to a file (``UploadSpooling``).
    public let spooled: Bool

    public init(method: String, path: String, spooled: Bool = false) {
        self.method = method
        self.path = path
        self.spooled = spooled
    }

    /// What the server does once the header has arrived.
    public enum Reading: Sendable {
        /// Read the body (at most the limit), then hand the request on.
        case accepted(RequestHead)
        /// Read the body and drop it, then answer 413 naming the limit: a declared length over
        /// the limit, by no more than ``maxDropped`` bytes in all. A browser still sending its
        /// body when the answer comes sees the connection reset, not the answer (WebKit says
        /// "Load failed"), so the answer waits until the body is in.
        case dropped(RequestHead)
        /// Answer this now. libmicrohttpd reads no body of a request answered here and closes
        /// the connection after the answer.
        case answered(HTTPResponse)
    }

    /// The largest declared body that is read and dropped before its 413 (``Reading/dropped(_:)``);
    /// a larger one is answered at once, and a client still sending it may see the connection
    /// close instead.
    public static let maxDropped = 256 << 20

    /// Reads the head of a request.
    ///
    /// - Parameters:
    ///   - method: the method, or nil when libmicrohttpd gave none (read as `GET`).
    ///   - target: the target as libmicrohttpd decoded it, without the query.
    ///   - contentLength: the `Content-Length` field, when there is one.
    ///   - maxBodySize: the largest body the server accepts in memory.
    ///   - uploads: which requests are uploads written to a file, and their limit.
    /// - Returns: the head; or, for a declared length over the limit, the head whose body is
    ///   dropped before its 413 (up to ``maxDropped`` bytes); or the answer that ends the request
    ///   here: 400 naming what is wrong with the target, 413 naming the limit for a longer body.
    public static func read(method: String?, target: String, contentLength: String?, maxBodySize: Int,
                            uploads: UploadSpooling? = nil) -> Reading {
        let methodName = method ?? "GET"
        let path: String
        do throws(RequestTarget.Refusal) {
            switch try RequestTarget.read(target, method: methodName) {
            case .path(let resolved): path = resolved
            case .asterisk: path = "*"
            }
        } catch {
            return .answered(HTTPResponse.jsonError(status: 400, code: "badRequest", message: error.description))
        }
        let spooled = uploads?.accepts(methodName, path) == true
        let head = RequestHead(method: methodName, path: path, spooled: spooled)
        if let contentLength, let length = Int(contentLength) {
            let refusal: HTTPResponse? = if spooled, let uploads, length > uploads.maxSize {
                tooLarge(upload: uploads.maxSize)
            } else if !spooled && length > maxBodySize {
                tooLarge(maxBodySize: maxBodySize)
            } else {
                nil
            }
            if let refusal { return length <= maxDropped ? .dropped(head) : .answered(refusal) }
        }
        return .accepted(head)
    }

    /// The answer to a body over `maxBodySize` bytes: 413 naming the limit.
    public static func tooLarge(maxBodySize: Int) -> HTTPResponse {
        HTTPResponse.jsonError(status: 413, code: "tooLarge",
                               message: "the request body is larger than the limit of \(maxBodySize) bytes (--max-body)",
                               reason: Reason(.requestBodyTooLarge, [("maxBytes", .number(Double(maxBodySize))), ("option", .string("--max-body"))]))
    }

    /// The answer to an upload over `maxSize` bytes: 413 naming the limit.
    public static func tooLarge(upload maxSize: Int) -> HTTPResponse {
        HTTPResponse.jsonError(status: 413, code: "tooLarge",
                               message: "the upload is larger than the limit of \(maxSize) bytes (\(UploadSpooling.option))",
                               reason: Reason(.uploadTooLarge, [("maxBytes", .number(Double(maxSize))), ("option", .string(UploadSpooling.option))]))
    }

    /// The request the handler sees, once the body has arrived.
    ///
    /// - Parameters:
    ///   - queryItems: the decoded query items, in the order sent.
    ///   - headerFields: the header fields in the order sent; names are lowercased here and a
    ///     repeated field's values joined by `, ` (RFC 9110 §5.3).
    ///   - body: the body (under the limit).
    ///   - remoteAddress: the client's address, or an empty string.
    ///   - bodyFile: the file an upload's body was written to, valid while the request is handled.
    public func request(queryItems: [(name: String, value: String)], headerFields: [(name: String, value: String)],
                        body: Data, bodyFile: URL? = nil, remoteAddress: String) -> HTTPRequest {
        var headers: [String: String] = [:]
        for (name, value) in headerFields {
            let key = name.lowercased()
            headers[key] = headers[key].map { "\($0), \(value)" } ?? value
        }
        var request = HTTPRequest(method: method, path: path, queryItems: queryItems, headers: headers, body: body,
                                  remoteAddress: remoteAddress)
        request.bodyFile = bodyFile
        return request
    }
}
