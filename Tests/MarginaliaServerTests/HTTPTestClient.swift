#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A minimal HTTP/1.1 client over loopback sockets, so tests see exactly what goes on the wire.
struct TestResponse {
    var status: Int
    var headers: [String: String]
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw TestClientError("not a JSON object: \(text)")
        }
        return object
    }
}

struct TestClientError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One TCP connection to 127.0.0.1:port.
final class TestSocket {
    let descriptor: Int32
    private var buffered = Data()

    init(port: UInt16, timeout: Double = 10) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestClientError("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(descriptor)
            throw TestClientError("connect failed: errno \(errno)")
        }
    }

    deinit { close(descriptor) }

    /// Sends all bytes; false when the peer closed.
    @discardableResult
    func write(_ data: Data) -> Bool {
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { send(descriptor, $0.baseAddress! + offset, data.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    /// Reads until `marker` appears in what was received (or EOF/timeout); returns everything so far.
    func read(until marker: String) -> String {
        let needle = Data(marker.utf8)
        while buffered.range(of: needle) == nil {
            guard readMore() else { break }
        }
        return String(decoding: buffered, as: UTF8.self)
    }

    /// Reads until `marker` appears `count` times in what was received (or EOF/timeout);
    /// returns everything so far.
    func read(until marker: String, count: Int) -> String {
        var text = String(decoding: buffered, as: UTF8.self)
        while text.components(separatedBy: marker).count - 1 < count {
            guard readMore() else { break }
            text = String(decoding: buffered, as: UTF8.self)
        }
        return text
    }

    /// Reads until the peer closes (or timeout).
    func readToEnd() -> Data {
        while readMore() {}
        return buffered
    }

    private func readMore() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffered.append(contentsOf: chunk[0..<count])
        return true
    }
}

enum TestHTTP {
    /// Sends one request with `Connection: close` and parses the answer (chunked bodies decoded).
    static func request(port: UInt16, _ method: String = "GET", _ path: String,
                        headers: [String: String] = [:], body: Data? = nil) throws -> TestResponse {
        let socket = try TestSocket(port: port)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        socket.write(Data(head.utf8) + (body ?? Data()))
        return try parse(socket.readToEnd())
    }

    static func parse(_ raw: Data) throws -> TestResponse {
        guard let split = raw.range(of: Data("\r\n\r\n".utf8)) else {
            throw TestClientError("no complete response header in \(raw.count) bytes")
        }
        let head = String(decoding: raw[raw.startIndex..<split.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw TestClientError("bad status line") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(raw[split.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return TestResponse(status: status, headers: headers, body: body)
    }

    static func dechunk(_ data: Data) -> Data {
        var result = Data()
        var index = data.startIndex
        while let lineEnd = data[index...].range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard start + size <= data.endIndex else { break }
            result.append(data[start..<(start + size)])
            index = start + size + 2
            if index > data.endIndex { break }
        }
        return result
    }
}
