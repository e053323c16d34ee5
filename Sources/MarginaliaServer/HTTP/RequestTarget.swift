/// The one reading of a request's target (RFC 9112 §3.2), made before access control, the
/// probes, the static files or the router look at it: each of them sees the same path.
///
/// Accepted are the origin form (`/` first: `/api/v1/documents`) and, for `OPTIONS` only, the
/// asterisk form (`*`). Everything else is refused with 400: a target without a leading `/`
/// (`x/api/v1/documents`, which a router that drops the first segment would once have served
/// without the token), the absolute form (`http://host/path`), the authority form, a path
/// holding a NUL (`%00`, which the server's decoding keeps as the three characters `%00`), a
/// backslash or a control character, and a `..` that would climb above the root.
///
/// libmicrohttpd percent-decodes the path once before it reaches the server
/// (`Sources/CMicroHTTPD/shim.c`); this reading resolves the dot segments of the decoded path
/// (RFC 3986 §5.2.4), so `/app/../api/v1/documents` is `/api/v1/documents` for every later step,
/// and it never decodes again. Empty segments are kept (`//api` is not `/api`).
public enum RequestTarget: Equatable, Sendable {
    /// An origin-form target: the path, decoded, its dot segments resolved.
    case path(String)
    /// `*` on an `OPTIONS` request: the server as a whole.
    case asterisk

    /// Why a target was refused; `description` names what was wrong.
    public struct Refusal: Error, Equatable, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Reads `target` (the decoded path libmicrohttpd hands over) for `method`.
    public static func read(_ target: String, method: String) throws(Refusal) -> RequestTarget {
        if target == "*" {
            guard method == "OPTIONS" else {
                throw Refusal(description: "the request target '*' is only allowed with OPTIONS")
            }
            return .asterisk
        }
        guard target.hasPrefix("/") else {
            if target.contains("://") {
                throw Refusal(description: "the request target must be a path starting with '/', not an absolute address")
            }
            throw Refusal(description: "the request target must be a path starting with '/'")
        }
        if target.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) {
            throw Refusal(description: "the request path holds a control character or a backslash")
        }
        if holdsEscapedNUL(target) {
            throw Refusal(description: "the request path holds a NUL (%00)")
        }
        return .path(try resolvingDotSegments(target))
    }

    /// Whether `target` holds `%00`, found by its UTF-8 bytes: Foundation's `contains(_:)`
    /// on a `String` (a `CFStringFind` with canonical equivalence) cost about 13,000
    /// instructions a request (docs/benchmarks.md, "profile").
    static func holdsEscapedNUL(_ target: String) -> Bool {
        var run = 0  // how many bytes of "%00" end here
        for byte in target.utf8 {
            if byte == UInt8(ascii: "%") {
                run = 1
            } else if byte == UInt8(ascii: "0") && run > 0 {
                run += 1
                if run == 3 { return true }
            } else {
                run = 0
            }
        }
        return false
    }

    /// The path with `.` and `..` segments resolved (RFC 3986 §5.2.4); a `..` above the root is
    /// refused rather than dropped, since no client that means well sends one.
    static func resolvingDotSegments(_ path: String) throws(Refusal) -> String {
        guard path.utf8.contains(UInt8(ascii: ".")), let segments = segments(of: path) else { return path }
        guard segments.contains(where: { $0 == "." || $0 == ".." }) else { return path }
        var kept: [Substring] = []
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { kept.append("") }
            case "..":
                guard !kept.isEmpty else {
                    throw Refusal(description: "the request path climbs above the root with '..'")
                }
                kept.removeLast()
                if isLast { kept.append("") }
            default:
                kept.append(segment)
            }
        }
        return "/" + kept.joined(separator: "/")
    }

    /// The segments of an absolute path (after its first `/`, empty ones kept), split at its
    /// `/` bytes as RFC 3986 splits a path; nil when `path` does not begin with `/`. Splitting
    /// the `String` by characters (`split(separator:)`, grapheme clusters) cost about 27,000
    /// instructions a request, done twice (docs/benchmarks.md, "profile").
    static func segments(of path: String) -> [Substring]? {
        let utf8 = path.utf8
        guard utf8.first == UInt8(ascii: "/") else { return nil }
        var segments: [Substring] = []
        var start = utf8.index(after: utf8.startIndex)
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                segments.append(path[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        segments.append(path[start..<utf8.endIndex])
        return segments
    }
}
