import Foundation
import Glibc

/// One HTTP/1.1 POST over a plain TCP connection (RFC 9112), for `sign --timestamp`: the
/// request with `Content-Length` and `Connection: close`, the answer read to its
/// `Content-Length`, its chunks or the end of the connection. Plain sockets rather than
/// FoundationNetworking, whose libcurl every start of the binary would load (and which the
/// static release build cannot link without libcurl's headers); no TLS: a time-stamp token is
/// signed, and time-stamp authorities answer over http.
enum HTTPPost {
    struct Response {
        var status: Int
        var contentType: String?
        var body: [UInt8]
    }

    /// Why no answer came; `description` is a user's sentence.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends `body` to `url` (http) and reads the answer: at most `maximumSize` bytes of body,
    /// within `timeout` seconds for each of connecting, sending and each read.
    static func post(_ body: [UInt8], to url: URL, contentType: String, accept: String, timeout: TimeInterval,
                     maximumSize: Int) throws(Failure) -> Response {
        guard let host = url.host, !host.isEmpty else { throw Failure(description: "the URL has no host") }
        let port = url.port ?? 80
        let socket = try open(host: host, port: port, timeout: timeout)
        defer { close(socket) }
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query { target += "?" + query }
        let head = "POST \(target) HTTP/1.1\r\nHost: \(host)\(url.port.map { ":\($0)" } ?? "")\r\n"
            + "Content-Type: \(contentType)\r\nAccept: \(accept)\r\nContent-Length: \(body.count)\r\n"
            + "User-Agent: marginalia\r\nConnection: close\r\n\r\n"
        try write(Array(head.utf8) + body, to: socket)
        return try parse(try readAll(socket, limit: maximumSize + 64 * 1024), maximumSize: maximumSize)
    }

    private static func open(host: String, port: Int, timeout: TimeInterval) throws(Failure) -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
            throw Failure(description: "cannot find the address of \(host)")
        }
        defer { freeaddrinfo(first) }
        var seconds = timeval(tv_sec: Int(timeout), tv_usec: 0)
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            if descriptor >= 0 {
                // On Linux the send timeout bounds connect() too.
                setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
                setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
                if connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return descriptor }
                close(descriptor)
            }
            entry = address.pointee.ai_next
        }
        throw Failure(description: "cannot connect to \(host):\(port) (\(String(cString: strerror(errno))))")
    }

    private static func write(_ bytes: [UInt8], to socket: Int32) throws(Failure) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "the connection failed while sending (\(String(cString: strerror(errno))))") }
            sent += count
        }
    }

    private static func readAll(_ socket: Int32, limit: Int) throws(Failure) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { return received }
            guard count > 0 else {
                let reason = errno == EAGAIN || errno == EWOULDBLOCK ? "no answer in time" : String(cString: strerror(errno))
                throw Failure(description: "the connection failed while reading (\(reason))")
            }
            received += buffer[0..<count]
            guard received.count <= limit else { throw Failure(description: "the answer is larger than \(limit) bytes") }
        }
    }

    /// The status, Content-Type and body of the bytes of an HTTP/1.1 response.
    static func parse(_ bytes: [UInt8], maximumSize: Int) throws(Failure) -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw Failure(description: "the answer is not HTTP (no end of its header)")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count >= 2, statusWords[0].hasPrefix("HTTP/1."), let status = Int(statusWords[1]),
              (100...599).contains(status) else {
            throw Failure(description: "the answer is not HTTP (status line '\(lines[0].prefix(80))')")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            body = try dechunk(body)
        } else if let text = headers["content-length"] {
            guard let length = Int(text), length >= 0, length <= body.count else {
                throw Failure(description: "the answer's Content-Length '\(text.prefix(20))' does not fit its body")
            }
            body = Array(body.prefix(length))
        }
        guard body.count <= maximumSize else { throw Failure(description: "the answer is larger than \(maximumSize) bytes") }
        return Response(status: status, contentType: headers["content-type"], body: body)
    }

    /// A chunked body (RFC 9112 7.1) joined.
    private static func dechunk(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        var out: [UInt8] = []
        var position = 0
        while true {
            guard let lineEnd = bytes[position...].firstIndex(of: 10) else { throw Failure(description: "a chunk of the answer is cut") }
            let sizeText = String(decoding: bytes[position..<lineEnd], as: UTF8.self)
                .split(separator: ";").first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0, lineEnd + 1 + size <= bytes.count else {
                throw Failure(description: "a chunk size of the answer '\(sizeText.prefix(20))' does not fit")
            }
            if size == 0 { return out }
            out += bytes[(lineEnd + 1)..<(lineEnd + 1 + size)]
            position = lineEnd + 1 + size + 2
            guard position <= bytes.count else { throw Failure(description: "a chunk of the answer is cut") }
        }
    }
}
