#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Synchronization

/// Closes connections that take too long to send a whole request (slowloris and slow-body
/// attacks).
///
/// libmicrohttpd's connection timeout counts silence: a client sending one header line
/// every few seconds never trips it and holds its connection slot for as long as it likes,
/// so a few hundred such clients lock everyone else out. Here every connection gets a
/// deadline instead: the request line and headers must arrive within
/// ``HTTPServerConfiguration/requestHeaderTimeoutSeconds`` of the connection opening, and
/// the body within that time again plus one second per
/// ``HTTPServerConfiguration/minimumBodyRate`` bytes received. On a kept-alive connection the
/// next request's clock starts one idle timeout after the previous response, so an idle
/// connection is still closed by the idle timeout, as before. While a handler runs or an
/// event stream is open there is no deadline.
///
/// A connection past its deadline is shut down (`shutdown(2)`, not `close`): libmicrohttpd
/// then reads end-of-file and closes it the ordinary way. libmicrohttpd reports a closed
/// connection before it closes the socket, and both happen under the state's lock, so a socket
/// number is never shut down after it was reused for another connection.
final class ConnectionDeadlines: Sendable {
    private struct Watched {
        var socket: Int32
        /// Monotonic nanoseconds; nil while a handler runs or a stream is open.
        var deadline: UInt64?
        /// When the body began arriving, and how much has.
        var bodyStart: UInt64 = 0
        var bodyBytes = 0
    }

    private let headerTimeout: UInt64
    private let idleTimeout: UInt64
    private let minimumBodyRate: Int
    private struct State {
        var watched: [UInt: Watched] = [:]
        var timer: DispatchSourceTimer?
    }

    private let state = Mutex(State())

    init(headerTimeoutSeconds: Int, idleTimeoutSeconds: Int, minimumBodyRate: Int) {
        // Held to a year, so the nanoseconds fit (a larger value would overflow UInt64).
        let year = 366 * 24 * 3600
        headerTimeout = UInt64(min(year, max(1, headerTimeoutSeconds))) * 1_000_000_000
        idleTimeout = UInt64(min(year, max(0, idleTimeoutSeconds))) * 1_000_000_000
        self.minimumBodyRate = max(1, minimumBodyRate)
    }

    /// Starts checking the deadlines a few times a second.
    func start() {
        state.withLock { state in
            let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
            timer.schedule(deadline: .now() + 0.25, repeating: 0.25)
            timer.setEventHandler { [weak self] in self?.sweep() }
            timer.resume()
            state.timer = timer
        }
    }

    func stop() {
        state.withLock { state in
            state.timer?.cancel()
            state.timer = nil
        }
    }

    // MARK: - Events from the callbacks

    /// A connection was accepted: its request must be complete by the header deadline.
    func opened(_ connection: OpaquePointer, socket: Int32) {
        guard socket >= 0 else { return }
        let now = Self.now()
        state.withLock { $0.watched[Self.key(connection)] = Watched(socket: socket, deadline: now + headerTimeout) }
    }

    /// The headers are in; the body (if any) now has its own allowance.
    func headersReceived(_ connection: OpaquePointer) {
        let now = Self.now()
        state.withLock { state in
            guard var entry = state.watched[Self.key(connection)] else { return }
            entry.bodyStart = now
            entry.bodyBytes = 0
            entry.deadline = now + headerTimeout
            state.watched[Self.key(connection)] = entry
        }
    }

    /// Body bytes arrived: each `minimumBodyRate` bytes buy one more second.
    func bodyReceived(_ connection: OpaquePointer, bytes: Int) {
        state.withLock { state in
            guard var entry = state.watched[Self.key(connection)] else { return }
            entry.bodyBytes += bytes
            let allowed = UInt64(entry.bodyBytes / minimumBodyRate).multipliedReportingOverflow(by: 1_000_000_000)
            entry.deadline = allowed.overflow ? .max : (entry.bodyStart + headerTimeout).addingReportingOverflow(allowed.partialValue).partialValue
            state.watched[Self.key(connection)] = entry
        }
    }

    /// The request is complete and answered or being answered: no deadline until the next.
    func requestComplete(_ connection: OpaquePointer) {
        state.withLock { $0.watched[Self.key(connection)]?.deadline = nil }
    }

    /// The response was sent; a kept-alive connection's next request starts its own clock
    /// once the connection has been allowed its idle time.
    func responseSent(_ connection: OpaquePointer) {
        let now = Self.now()
        state.withLock { $0.watched[Self.key(connection)]?.deadline = now + idleTimeout + headerTimeout }
    }

    /// libmicrohttpd is about to close the socket.
    func closed(_ connection: OpaquePointer) {
        _ = state.withLock { $0.watched.removeValue(forKey: Self.key(connection)) }
    }

    // MARK: - Checking

    /// Shuts down every connection past its deadline (under the lock: see the type's note).
    func sweep() {
        let now = Self.now()
        state.withLock { state in
            for (key, entry) in state.watched {
                guard let deadline = entry.deadline, deadline <= now else { continue }
                shutdown(entry.socket, Int32(SHUT_RDWR))
                state.watched[key]?.deadline = nil
            }
        }
    }

    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }

    private static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}
