import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PDFCore
import Synchronization

/// `sign --timestamp URL`: the HTTP side of a signature time-stamp (RFC 3161 3.4), a POST of
/// the DER TimeStampReq as `application/timestamp-query` answered by a DER TimeStampResp as
/// `application/timestamp-reply`. What the request holds and what the answer must be is
/// PDFCore's (``TimestampTransport``); this only carries the bytes. Its refusals do not name the
/// authority: `sign` says which it asked.
enum TimestampClient {
    /// How long the authority has to answer.
    static let timeout: TimeInterval = 30
    /// The largest answer read (a token with its authority's chain is a few kilobytes).
    static let maximumReplySize = 1 << 20

    /// The authority's URL: http or https, with a host.
    static func parseURL(_ text: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host?.isEmpty == false else {
            throw UsageError("--timestamp takes the http:// or https:// URL of a time-stamp authority, not '\(text.prefix(200))'")
        }
        return url
    }

    /// The transport to the authority at `url`.
    static func transport(_ url: URL) -> TimestampTransport {
        { request in try post(request, to: url) }
    }

    /// The reply of one exchange, handed from URLSession's thread to the waiting one.
    private final class Reply: Sendable {
        let outcome = Mutex<Result<[UInt8], SignatureError>?>(nil)
        let done = DispatchSemaphore(value: 0)
    }

    private static func post(_ body: [UInt8], to url: URL) throws -> [UInt8] {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/timestamp-query", forHTTPHeaderField: "Content-Type")
        request.setValue("application/timestamp-reply", forHTTPHeaderField: "Accept")
        request.httpBody = Data(body)
        let reply = Reply()
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            reply.outcome.withLock { $0 = answer(data, response, error) }
            reply.done.signal()
        }
        task.resume()
        guard reply.done.wait(timeout: .now() + timeout + 5) == .success,
              let outcome = reply.outcome.withLock({ $0 }) else {
            task.cancel()
            throw SignatureError.timestamp("the authority did not answer within \(Int(timeout)) s")
        }
        return try outcome.get()
    }

    /// What an HTTP answer gives: the reply's bytes, or why there are none.
    private static func answer(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) -> Result<[UInt8], SignatureError> {
        if let error { return .failure(.timestamp("cannot reach the authority: \(error.localizedDescription)")) }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.timestamp("the authority gave no HTTP answer"))
        }
        guard http.statusCode == 200 else {
            return .failure(.timestamp("the authority answered HTTP \(http.statusCode)"))
        }
        let type = http.value(forHTTPHeaderField: "Content-Type")?.split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/timestamp-reply" else {
            return .failure(.timestamp("the authority answered \(type ?? "no Content-Type"), not application/timestamp-reply"))
        }
        guard let data, data.count <= maximumReplySize else {
            return .failure(.timestamp("the authority answered more than \(maximumReplySize) bytes"))
        }
        return .success(Array(data))
    }
}
