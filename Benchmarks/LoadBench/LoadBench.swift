import Foundation
#if canImport(Glibc)
import Glibc

/// An open-loop HTTP load generator for Benchmarks/run_server.py (issue 29: latency from each
/// request's scheduled time, so a slow answer delays and counts against every request queued
/// behind it, instead of slowing the generator down as a client that waits before it sends
/// would).
///
/// Request k is due at `k / rate` seconds after the start and goes out on connection
/// `k % connections` (keep-alive, one request in flight per connection, HTTP/1.1 without
/// pipelining) as soon as that connection is free, even when another is idle. Its latency is the time from when it was due
/// to the end of its answer. One thread polls every connection, so the generator's own cost is
/// one core at most, and it states that cost (`cpuSeconds`).
///
/// `--kind stroke` posts ink strokes to `--path` in the command protocol (40 points each, the
/// `baseRevision` the last answer on that connection gave); `--kind get` gets `--path`.
///
/// Prints one JSON object: `due`, `completed`, `acknowledged` (2xx answers to strokes), `errors`
/// (answers of 400 or more other than a GET's 404, and broken connections), `broken` (requests
/// whose connection broke: the server may have applied them), `notFound`,
/// `unfinished` (due but neither answered nor failed by the end of the drain), `firstErrors`, `percentiles`
/// (milliseconds from due to answered; an unfinished request counts as slower than any),
/// `seconds` (from the start to the last answer) and `cpuSeconds` (the generator's user and
/// system time).
@main
struct LoadBench {
    // Linux only (Glibc's sockets and poll); elsewhere the file builds a program that says so.
    static func main() {
        do {
            let options = try Options(CommandLine.arguments.dropFirst())
            let result = try Generator(options).run()
            print(result)
        } catch {
            FileHandle.standardError.write(Data("MarginaliaLoadBench: \(error)\n".utf8))
            exit(2)
        }
    }
}

struct LoadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

struct Options {
    enum Kind: String { case get, stroke }
    var port: UInt16 = 0
    var path = "/"
    var kind = Kind.get
    var rate = 500.0
    var seconds = 10.0
    var connections = 128
    var drainSeconds = 30.0
    var clientPrefix = "load"

    init<S: Sequence>(_ arguments: S) throws where S.Element == String {
        var iterator = arguments.makeIterator()
        func value(_ name: String) throws -> String {
            guard let next = iterator.next() else { throw LoadError("\(name) needs a value") }
            return next
        }
        func number<T: LosslessStringConvertible>(_ name: String, _ valid: (T) -> Bool) throws -> T {
            let text = try value(name)
            guard let parsed = T(text), valid(parsed) else { throw LoadError("\(name) '\(text)': out of range") }
            return parsed
        }
        while let argument = iterator.next() {
            switch argument {
            case "--port": port = try number(argument) { $0 > 0 }
            case "--path": path = try value(argument)
            case "--kind":
                let text = try value(argument)
                guard let parsed = Kind(rawValue: text) else { throw LoadError("--kind '\(text)': expected get or stroke") }
                kind = parsed
            case "--rate": rate = try number(argument) { (0.1...100_000).contains($0) }
            case "--seconds": seconds = try number(argument) { (0.1...3_600).contains($0) }
            case "--connections": connections = try number(argument) { (1...1_000).contains($0) }
            case "--drain": drainSeconds = try number(argument) { (0...600).contains($0) }
            case "--client-prefix": clientPrefix = try value(argument)
            default: throw LoadError("unknown option \(argument)")
            }
        }
        guard port > 0 else { throw LoadError("--port is required") }
    }
}

/// One keep-alive connection and the requests queued for it, oldest first.
struct Connection {
    var socket: Int32 = -1
    var queue: [(index: Int, due: Double)] = []
    var queueHead = 0
    var inFlight: (index: Int, due: Double)?
    var output: [UInt8] = []
    var written = 0
    var input: [UInt8] = []
    var revision = 0
    var sent = 0

    var waiting: Bool { queueHead < queue.count }
}

final class Generator {
    let options: Options
    var connections: [Connection]
    var latencies: [Double] = []
    var acknowledged = 0, errors = 0, notFound = 0, broken = 0
    var firstErrors: [String] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let start: Double

    init(_ options: Options) throws {
        self.options = options
        connections = Array(repeating: Connection(), count: options.connections)
        for index in connections.indices { connections[index].socket = try Self.connect(port: options.port) }
        start = Self.now() + 0.1
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func connect(port: UInt16) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw LoadError("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw LoadError("connect to port \(port): errno \(errno)") }
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        return socket
    }

    func run() throws -> String {
        let total = Int((options.rate * options.seconds).rounded())
        var scheduled = 0
        let end = start + options.seconds
        var lastAnswer = start
        while true {
            let now = Self.now()
            // Every request now due joins its connection's queue.
            while scheduled < total, start + Double(scheduled) / options.rate <= now {
                connections[scheduled % connections.count].queue.append((scheduled, start + Double(scheduled) / options.rate))
                scheduled += 1
            }
            for index in connections.indices where connections[index].inFlight == nil && connections[index].waiting {
                send(index)
            }
            let busy = connections.contains { $0.inFlight != nil || $0.waiting }
            if scheduled == total && !busy { break }
            if now > end + options.drainSeconds { break }
            let nextDue = scheduled < total ? start + Double(scheduled) / options.rate : now + 0.05
            let timeout = max(0, Int32(((nextDue - now) * 1000).rounded(.up)))
            var descriptors = connections.map { connection -> pollfd in
                var events: Int16 = 0
                if connection.inFlight != nil {
                    events = Int16(connection.written < connection.output.count ? POLLOUT : POLLIN)
                }
                return pollfd(fd: connection.inFlight == nil ? -1 : connection.socket, events: events, revents: 0)
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), min(timeout, 50))
            guard ready >= 0 || errno == EINTR else { throw LoadError("poll: errno \(errno)") }
            guard ready > 0 else { continue }
            for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
                if service(index) { lastAnswer = Self.now() }
            }
        }
        let unfinished = total - latencies.count - broken
        return report(due: total, unfinished: unfinished, seconds: lastAnswer - start)
    }

    private func body(_ index: Int, connection: Int, revision: Int) -> [UInt8] {
        let x0 = 40 + (connection % 10) * 50, y0 = 60 + (index / connections.count % 30) * 22
        var points: [String] = []
        points.reserveCapacity(40)
        for i in 0..<40 {
            let y = Double(y0) + 8 * sin(Double(i) / 5)
            points.append("[\(x0 + i),\((y * 100).rounded() / 100),0.5]")
        }
        let text = #"{"protocol":1,"baseRevision":\#(revision),"clientId":"\#(options.clientPrefix)-\#(connection)","#
            + #""command":{"type":"stroke","pageIndex":0,"points":[\#(points.joined(separator: ","))],"zoom":1,"#
            + ##""ink":{"color":"#1040C0","width":2,"opacity":1,"usesPressure":false}}}"##
        return Array(text.utf8)
    }

    private func send(_ index: Int) {
        let next = connections[index].queue[connections[index].queueHead]
        connections[index].queueHead += 1
        if connections[index].queueHead > 1_024 {
            connections[index].queue.removeFirst(connections[index].queueHead)
            connections[index].queueHead = 0
        }
        var head = "\(options.kind == .get ? "GET" : "POST") \(options.path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        var payload: [UInt8] = []
        if options.kind == .stroke {
            payload = body(next.index, connection: index, revision: connections[index].revision)
            head += "Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n"
        }
        head += "\r\n"
        connections[index].output = Array(head.utf8) + payload
        connections[index].written = 0
        connections[index].input.removeAll(keepingCapacity: true)
        connections[index].inFlight = next
        _ = write(index)
    }

    /// Writes what is left of the request; false when the connection broke.
    private func write(_ index: Int) -> Bool {
        let count = connections[index].output.count - connections[index].written
        let sent = connections[index].output.withUnsafeBytes {
            Glibc.send(connections[index].socket, $0.baseAddress! + connections[index].written, count, Int32(MSG_NOSIGNAL))
        }
        if sent < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { return true }
            fail(index, "send: errno \(errno)")
            return false
        }
        connections[index].written += sent
        return true
    }

    /// Reads or writes what the connection is ready for; true when an answer completed.
    private func service(_ index: Int) -> Bool {
        guard let inFlight = connections[index].inFlight else { return false }
        if connections[index].written < connections[index].output.count {
            _ = write(index)
            return false
        }
        let received = buffer.withUnsafeMutableBytes { recv(connections[index].socket, $0.baseAddress!, $0.count, 0) }
        if received < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { return false }
            fail(index, "recv: errno \(errno)")
            return false
        }
        if received == 0 {
            fail(index, "the server closed the connection")
            return false
        }
        connections[index].input += buffer[0..<received]
        guard let answer = Answer(connections[index].input) else { return false }
        if answer.malformed {
            fail(index, "an answer without Content-Length")
            return false
        }
        latencies.append((Self.now() - inFlight.due) * 1000)
        connections[index].inFlight = nil
        if answer.status == 404 && options.kind == .get {
            notFound += 1
        } else if answer.status >= 400 {
            note("\(answer.status): \(String(decoding: answer.body.prefix(200), as: UTF8.self))")
        } else if options.kind == .stroke {
            acknowledged += 1
            if let revision = answer.revision { connections[index].revision = revision }
        }
        return true
    }

    private func note(_ error: String) {
        errors += 1
        if firstErrors.count < 5 { firstErrors.append(error) }
    }

    /// A broken connection: its request counts as an error and a new connection takes its queue.
    private func fail(_ index: Int, _ error: String) {
        note(error)
        broken += 1
        close(connections[index].socket)
        connections[index].inFlight = nil
        connections[index].socket = (try? Self.connect(port: options.port)) ?? -1
    }

    private func report(due: Int, unfinished: Int, seconds: Double) -> String {
        let ordered = latencies.sorted()
        func percentile(_ fraction: Double) -> String {
            // Unfinished requests are slower than any answered one.
            guard due > 0 else { return "null" }
            let rank = min(due - 1, Int(fraction * Double(due)))
            return rank < ordered.count ? String(format: "%.3f", ordered[rank]) : "null"
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        let errorsJSON = firstErrors.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: " ") + "\"" }.joined(separator: ",")
        return #"{"due":\#(due),"completed":\#(latencies.count),"acknowledged":\#(acknowledged),"errors":\#(errors),"broken":\#(broken),"#
            + #""notFound":\#(notFound),"unfinished":\#(unfinished),"firstErrors":[\#(errorsJSON)],"#
            + #""percentiles":{"p50":\#(percentile(0.5)),"p90":\#(percentile(0.9)),"p99":\#(percentile(0.99)),"#
            + #""p999":\#(percentile(0.999)),"max":\#(percentile(1))},"#
            + #""seconds":\#(String(format: "%.3f", seconds)),"cpuSeconds":\#(String(format: "%.3f", cpu))}"#
    }
}

/// A complete HTTP answer at the start of `bytes`, or nil while it is still arriving.
struct Answer {
    var status = 0
    var revision: Int?
    var body: ArraySlice<UInt8> = []
    var malformed = false

    init?(_ bytes: [UInt8]) {
        guard let end = Self.headEnd(bytes) else { return nil }
        let head = String(decoding: bytes[0..<end], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var length: Int?
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            switch parts[0].lowercased() {
            case "content-length": length = Int(value)
            case "x-marginalia-revision": revision = Int(value)
            default: break
            }
        }
        guard let length else {
            malformed = true
            return
        }
        guard bytes.count >= end + 4 + length else { return nil }
        body = bytes[(end + 4)..<(end + 4 + length)]
        if revision == nil { revision = Self.revision(in: body) }
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard buffer.count >= 4 else { return nil }
            var index = 0
            while index <= buffer.count - 4 {
                if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 { return index }
                index += 1
            }
            return nil
        }
    }

    /// `"revision":N` in a JSON answer (the command protocol's answer begins with it).
    private static func revision(in body: ArraySlice<UInt8>) -> Int? {
        let key = Array(#""revision":"#.utf8)
        guard body.count > key.count, let start = (body.startIndex...(body.endIndex - key.count)).first(where: {
            body[$0..<($0 + key.count)].elementsEqual(key)
        }) else { return nil }
        let digits = body[(start + key.count)...].prefix { (48...57).contains($0) }
        return Int(String(decoding: digits, as: UTF8.self))
    }
}
#else
@main
struct LoadBench {
    static func main() {
        FileHandle.standardError.write(Data("MarginaliaLoadBench: Linux only\n".utf8))
        exit(2)
    }
}
#endif
