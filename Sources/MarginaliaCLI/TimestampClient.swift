import Foundation
import PDFCore

/// `sign --timestamp URL`: the HTTP side of a signature time-stamp (RFC 3161 3.4), a POST of
/// the DER TimeStampReq as `application/timestamp-query` answered by a DER TimeStampResp as
/// `application/timestamp-reply`, over ``HTTPPost``. What the request holds and what the
/// answer must be is PDFCore's (``TimestampTransport``); this only carries the bytes. Its
/// refusals do not name the authority: `sign` says which it asked.
enum TimestampClient {
    /// How long the authority has to answer (to connect, and for each read).
    static let timeout: TimeInterval = 30
    /// The largest answer read (a token with its authority's chain is a few kilobytes).
    static let maximumReplySize = 1 << 20

    /// The authority's URL: http, with a host. (A token is signed: authorities answer over
    /// http, and https is not spoken here.)
    static func parseURL(_ text: String, option: String = "--timestamp") throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host?.isEmpty == false,
              scheme == "http" || scheme == "https" else {
            throw UsageError("\(option) takes the http:// URL of a time-stamp authority, not '\(text.prefix(200))'")
        }
        guard scheme == "http" else {
            throw UsageError("\(option): https is not spoken here; a time-stamp token is signed, so give the authority's http:// URL")
        }
        return url
    }

    /// The transport to the authority at `url`.
    static func transport(_ url: URL) -> TimestampTransport {
        { request in try post(request, to: url) }
    }

    private static func post(_ body: [UInt8], to url: URL) throws -> [UInt8] {
        let response: HTTPPost.Response
        do {
            response = try HTTPPost.post(body, to: url, contentType: "application/timestamp-query",
                                         accept: "application/timestamp-reply", timeout: timeout,
                                         maximumSize: maximumReplySize)
        } catch {
            throw SignatureError.timestamp("cannot get an answer from the authority: \(error.description)")
        }
        guard response.status == 200 else { throw SignatureError.timestamp("the authority answered HTTP \(response.status)") }
        let type = response.contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/timestamp-reply" else {
            throw SignatureError.timestamp("the authority answered \(type ?? "no Content-Type"), not application/timestamp-reply")
        }
        return response.body
    }
}
