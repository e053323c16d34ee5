import CMicroHTTPD
import Dispatch
import Foundation
import Marginalia
import MarginaliaServer

// libFuzzer target: raw HTTP request bytes through the server as `marginalia serve --token`
// runs it. libmicrohttpd parses the wire format in C; here a small strict parser stands in for
// it (request line, header fields, a body of Content-Length bytes) and decodes the path and
// the query with the server's own C decoder (marginalia_mhd_unescape). From there the request
// takes the callback's path: RequestHead.read (the target read once, the declared length
// checked), RequestHead.request, then the served handler (probes, access control, static
// files, the router, command decoding) over a real DocumentService on a temporary SQLite
// store holding one uploaded document. `{id}` in a target stands for that document's id.
//
// Three properties are checked on every input, beyond crashes: no answer is a 5xx, a 405
// names the methods allowed (`Allow`), and an `/api/` path without the token is answered 401
// (or refused earlier with 400 or 413).

private let token = "fuzz-token"
private let maxBodySize = 16 << 10

/// The server one fuzzing process drives, made on the first input.
private final class FuzzServer: @unchecked Sendable {
    let service: DocumentService
    let handler: HTTPHandler
    private(set) var documentID: String

    init() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-http-\(getpid())-\(UUID().uuidString)")
        storeFolder = folder
        atexit { if let storeFolder { try? FileManager.default.removeItem(at: storeFolder) } }
        let location = StoreLocation.folder(folder)
        let store = try location.open()
        service = DocumentService(store: store, textIndex: try location.openTextIndex(for: store))
        documentID = try service.catalogue.importDocument(name: "sample.pdf", data: try SampleDocument.make()).id
        let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Web").path
        handler = MarginaliaApp.servedHandler(for: service, staticFiles: StaticFiles(webDirectory: web), token: token)
    }

    /// Brings the document back when an input trashed it or deleted it for good, so later
    /// inputs reach past the 404s.
    func keepDocument() {
        if (try? service.catalogue.summary(documentID)) != nil { return }
        if (try? service.catalogue.restore(documentID)) != nil { return }
        if let data = try? SampleDocument.make(), let summary = try? service.catalogue.importDocument(name: "sample.pdf", data: data) {
            documentID = summary.id
        }
    }
}

nonisolated(unsafe) private var server: FuzzServer?
/// The temporary store, removed when the process exits.
nonisolated(unsafe) private var storeFolder: URL?

// MARK: - The wire format, strictly

/// One request as libmicrohttpd would hand it over: the method, the target split into the
/// decoded path and query items, the header fields in order, and the body.
private struct WireRequest {
    var method: String
    var path: String
    var queryItems: [(name: String, value: String)]
    var headerFields: [(name: String, value: String)]
    var body: Data

    /// Parses `bytes`, or nil for anything that is not one whole HTTP/1.x request with CRLF
    /// line ends (libmicrohttpd would refuse it or wait for more before calling the server).
    init?(_ bytes: [UInt8], documentID: String) {
        guard let headEnd = Self.find([13, 10, 13, 10], in: bytes) else { return nil }
        var lines = Self.split(Array(bytes[..<headEnd]), on: [13, 10])
        let requestLine = lines.removeFirst().split(separator: 32, omittingEmptySubsequences: false)
        guard requestLine.count == 3, !requestLine[0].isEmpty, requestLine[0].allSatisfy(Self.isTokenByte),
              !requestLine[1].isEmpty, requestLine[1].allSatisfy({ $0 > 32 && $0 < 127 }),
              requestLine[2].elementsEqual("HTTP/1.1".utf8) || requestLine[2].elementsEqual("HTTP/1.0".utf8)
        else { return nil }
        method = String(decoding: requestLine[0], as: UTF8.self)
        headerFields = []
        for line in lines {
            guard let colon = line.firstIndex(of: 58), colon > 0, line[..<colon].allSatisfy(Self.isTokenByte) else { return nil }
            let value = line[(colon + 1)...].drop(while: { $0 == 32 || $0 == 9 })
            guard value.allSatisfy({ $0 >= 32 || $0 == 9 }), value.last != 32, value.last != 9 else { return nil }
            headerFields.append((String(decoding: line[..<colon], as: UTF8.self), String(decoding: value, as: UTF8.self)))
        }
        if headerFields.contains(where: { $0.name.lowercased() == "transfer-encoding" }) { return nil }
        let rest = bytes[(headEnd + 4)...]
        if let length = headerFields.first(where: { $0.name.lowercased() == "content-length" })?.value {
            guard !length.isEmpty, length.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let count = Int(length),
                  count <= rest.count else { return nil }
            body = Data(rest.prefix(count))
        } else {
            body = Data()
        }
        let target = String(decoding: requestLine[1], as: UTF8.self).replacingOccurrences(of: "{id}", with: documentID)
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = Self.unescape(String(parts[0]))
        queryItems = parts.count < 2 ? [] : parts[1].split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = pair.count < 2 ? "" : Self.unescape(pair[1].replacingOccurrences(of: "+", with: " "))
            return (Self.unescape(pair[0].replacingOccurrences(of: "+", with: " ")), value)
        }
    }

    /// Decodes like the server: libmicrohttpd calls the same function on paths and query items.
    private static func unescape(_ text: String) -> String {
        var bytes = Array(text.utf8CString)
        let count = bytes.withUnsafeMutableBufferPointer { marginalia_mhd_unescape($0.baseAddress!) }
        return String(decoding: bytes.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// RFC 9110 §5.6.2 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func split(_ bytes: [UInt8], on separator: [UInt8]) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = 0, index = 0
        while index + separator.count <= bytes.count {
            if bytes[index..<(index + separator.count)].elementsEqual(separator) {
                parts.append(bytes[start..<index])
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(bytes[start...])
        return parts
    }
}

// MARK: - One input

private final class ResponseBox: @unchecked Sendable {
    var response: HTTPResponse?
}

/// Runs the async handler to its end on the calling thread's behalf.
private func answer(_ request: HTTPRequest, with handler: @escaping HTTPHandler) -> HTTPResponse {
    let box = ResponseBox()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.response = await handler(request)
        done.signal()
    }
    done.wait()
    return box.response ?? HTTPResponse(status: 500)
}

private func carriesToken(_ request: HTTPRequest) -> Bool {
    request.header("authorization")?.contains(token) == true || request.header("cookie")?.contains(token) == true
}

private func fail(_ what: String, _ request: WireRequest, _ response: HTTPResponse) -> Never {
    var body = ""
    if case .data(let data) = response.body { body = String(decoding: data.prefix(300), as: UTF8.self) }
    print("FuzzHTTP: \(what): \(request.method) \(request.path) answered \(response.status) \(body)")
    abort()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    if server == nil { server = try? FuzzServer() }
    guard let server else { return 0 }
    guard let wire = WireRequest(Array(UnsafeBufferPointer(start: data, count: count)), documentID: server.documentID) else {
        return 0
    }
    let contentLength = wire.headerFields.first(where: { $0.name.lowercased() == "content-length" })?.value
    let response: HTTPResponse
    var request: HTTPRequest?
    switch RequestHead.read(method: wire.method, target: wire.path, contentLength: contentLength, maxBodySize: maxBodySize) {
    case .answered(let refusal):
        response = refusal
    case .dropped:
        response = RequestHead.tooLarge(maxBodySize: maxBodySize)
    case .accepted(let head):
        if wire.body.count > maxBodySize {
            response = RequestHead.tooLarge(maxBodySize: maxBodySize)
        } else {
            let made = head.request(queryItems: wire.queryItems, headerFields: wire.headerFields, body: wire.body,
                                    remoteAddress: "127.0.0.1")
            request = made
            response = answer(made, with: server.handler)
        }
    }
    if case .eventStream(let stream) = response.body { stream.detach() }
    if response.status >= 500 { fail("a 5xx", wire, response) }
    if response.status == 405 && response.header("Allow") == nil { fail("a 405 without Allow", wire, response) }
    if let request, request.path.hasPrefix("/api/"), !carriesToken(request), response.status != 401 {
        fail("an API path without the token was not refused", wire, response)
    }
    server.keepDocument()
    return 0
}
