import Foundation

/// A PDF's bytes served the way caches and range readers (pdf.js) expect (RFC 9110, 8.8.3,
/// 13 and 14): a strong `ETag` (``CurrentFile/tag``),
/// `Accept-Ranges: bytes`,
/// `Cache-Control: private, no-cache` (kept, but asked about again each time), and:
/// - 304 with no body when `If-None-Match` names the tag (or is `*`);
/// - 206 with `Content-Range` for one satisfiable `Range: bytes=…` (first-last, first-, or
///   -suffix), unless `If-Range` names another tag, which gets the whole file;
/// - 416 with `Content-Range: bytes */LENGTH` for a range that starts past the end;
/// - the whole file (200) for no range, a malformed one, or several (allowed by 14.2).
enum FileResponse {
    /// A document's file, served from where its parts lie: a range copies only its own bytes.
    static func serve(_ file: CurrentFile, _ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        let tag = file.tag
        var base = response
        base.headers.removeAll { $0.name.lowercased() == "cache-control" }
        base.headers += [("ETag", tag), ("Accept-Ranges", "bytes"), ("Cache-Control", "private, no-cache")]
        if let condition = request.header("If-None-Match"), Self.matches(condition, tag) {
            var notModified = base
            notModified.status = 304
            notModified.headers.removeAll { ["content-type", "content-disposition"].contains($0.name.lowercased()) }
            notModified.body = .data(Data())
            return notModified
        }
        guard let header = request.header("Range"), request.header("If-Range").map({ $0 == tag }) ?? true,
              let range = Self.range(header, length: file.count) else {
            base.body = .data(file.data)
            return base
        }
        var partial = base
        switch range {
        case .unsatisfiable:
            partial.status = 416
            partial.headers.removeAll { $0.name.lowercased() == "content-disposition" }
            partial.headers.append(("Content-Range", "bytes */\(file.count)"))
            partial.body = .data(Data())
        case .bytes(let bytes):
            partial.status = 206
            partial.headers.append(("Content-Range", "bytes \(bytes.lowerBound)-\(bytes.upperBound - 1)/\(file.count)"))
            partial.body = .data(file.bytes(in: bytes))
        }
        return partial
    }

    enum Requested: Equatable {
        case bytes(Range<Int>)
        case unsatisfiable
    }

    /// One range of `Range: bytes=…` over `length` bytes; nil when the header is malformed or
    /// asks for several ranges (the whole file is then sent).
    static func range(_ header: String, length: Int) -> Requested? {
        let value = header.trimmingCharacters(in: .whitespaces)
        guard value.lowercased().hasPrefix("bytes="), !value.contains(",") else { return nil }
        let spec = value.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        let digits = { (text: Substring) in !text.isEmpty && text.utf8.allSatisfy { (48...57).contains($0) } }
        if first.isEmpty {
            // The last N bytes; a suffix longer than the file is the whole file.
            guard digits(last), let count = Int(last) else { return nil }
            guard count > 0, length > 0 else { return .unsatisfiable }
            return .bytes(max(0, length - count)..<length)
        }
        guard digits(first), let start = Int(first) else { return nil }
        var end = length - 1
        if !last.isEmpty {
            guard digits(last), let stated = Int(last), stated >= start else { return nil }
            end = min(stated, length - 1)
        }
        guard start < length else { return .unsatisfiable }
        return .bytes(start..<(end + 1))
    }

    /// Whether `If-None-Match` names `tag` (weak comparison, RFC 9110 8.8.3.2).
    static func matches(_ condition: String, _ tag: String) -> Bool {
        let trimmed = condition.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return true }
        return trimmed.split(separator: ",").contains {
            let candidate = $0.trimmingCharacters(in: .whitespaces)
            return (candidate.hasPrefix("W/") ? String(candidate.dropFirst(2)) : candidate) == tag
        }
    }
}

extension HTTPResponse {
    /// Whether the answer only confirms or continues a download already made (a 304, or a
    /// range that does not start the file), which the audit log does not count again.
    var continuesADownload: Bool {
        status == 304 || (status == 206 && header("Content-Range")?.hasPrefix("bytes 0-") != true)
    }
}
