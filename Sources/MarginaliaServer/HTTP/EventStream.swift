import CMicroHTTPD
import Foundation
import Synchronization

/// A server-sent event stream (`text/event-stream`) that any thread can push to.
///
/// A route creates one, returns `HTTPResponse.events(stream)` and keeps the stream to `send`
/// events later. While nothing is queued the connection is suspended in libmicrohttpd, so an
/// idle stream costs no thread and no polling: hundreds of open tabs are cheap. The server
/// sends a `: keep-alive` comment at its configured interval, which is also how a client that
/// went away is noticed; `onClose` handlers then run once.
public final class EventStream: Sendable {
    private struct State {
        var pending = Data()
        var finished = false
        var disconnected = false
        var suspended = false
        var connection: MHDHandle?
        var closeHandlers: [@Sendable () -> Void] = []
        var detachHook: (@Sendable () -> Void)?

        mutating func resume() {
            if suspended, let connection {
                suspended = false
                MHD_resume_connection(connection.pointer)
            }
        }
    }

    private let state = Mutex(State())

    /// The most bytes queued for a client that does not read; past it the stream is closed
    /// (an event-stream client reconnects with `Last-Event-ID` and catches up).
    public let maxPendingBytes: Int

    /// Creates a stream with nothing queued.
    public init(maxPendingBytes: Int = 8 << 20) {
        self.maxPendingBytes = maxPendingBytes
    }

    /// Whether the client is still there and the stream was not closed.
    public var isOpen: Bool {
        state.withLock { !$0.finished && !$0.disconnected }
    }

    /// Queues one event. Multi-line `data` becomes several `data:` lines, as the format requires.
    /// - Returns: false when the stream is closed or the client went away.
    @discardableResult
    public func send(event: String? = nil, id: String? = nil, data: String) -> Bool {
        enqueue(Self.frame(event: event, id: id, data: data))
    }

    /// Queues an event written by ``frame(event:id:data:)``: one frame made once and sent on
    /// every stream that carries the event.
    /// - Returns: false when the stream is closed or the client went away.
    @discardableResult
    func send(frame: Data) -> Bool {
        enqueue(frame)
    }

    /// One event as the stream sends it: `id:`, `event:`, a `data:` line per line of `data`,
    /// and the blank line that ends it.
    static func frame(event: String? = nil, id: String? = nil, data: String) -> Data {
        var text = ""
        if let id { text += "id: \(Self.singleLine(id))\n" }
        if let event { text += "event: \(Self.singleLine(event))\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line)\n"
        }
        text += "\n"
        return Data(text.utf8)
    }

    /// Queues a comment line (`: text`), which clients ignore; used as a keep-alive.
    @discardableResult
    public func comment(_ text: String) -> Bool {
        enqueue(Data(": \(Self.singleLine(text))\n\n".utf8))
    }

    /// Ends the stream after what is queued has been sent.
    public func close() {
        state.withLock { state in
            state.finished = true
            state.resume()
        }
    }

    /// Runs `handler` once when the stream ends (closed, client gone, or server stopped);
    /// at once if it already has.
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let runNow: Bool = state.withLock { state in
            if state.disconnected { return true }
            state.closeHandlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    private func enqueue(_ bytes: Data) -> Bool {
        state.withLock { state in
            guard !state.finished, !state.disconnected else { return false }
            guard state.pending.count + bytes.count <= maxPendingBytes else {
                state.finished = true
                state.resume()
                return false
            }
            state.pending.append(bytes)
            state.resume()
            return true
        }
    }

    private static func singleLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    }

    // MARK: - Called by the server

    /// Binds the stream to the connection it is queued on (before libmicrohttpd reads it).
    func attach(to connection: OpaquePointer, onDetach: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.connection = MHDHandle(pointer: connection)
            state.detachHook = onDetach
        }
    }

    /// libmicrohttpd asks for up to `max` bytes: copy what is queued, or suspend the
    /// connection until `send` or `close` resumes it (never returning 0 without suspending,
    /// which would make libmicrohttpd spin).
    func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        state.withLock { state in
            if !state.pending.isEmpty {
                let count = min(max, state.pending.count)
                buffer.withMemoryRebound(to: UInt8.self, capacity: count) { target in
                    state.pending.copyBytes(to: target, count: count)
                }
                state.pending.removeFirst(count)
                if state.pending.isEmpty { state.pending = Data() }
                return count
            }
            if state.finished || state.disconnected { return Int(MHD_CONTENT_READER_END_OF_STREAM) }
            guard let connection = state.connection else { return Int(MHD_CONTENT_READER_END_WITH_ERROR) }
            state.suspended = true
            MHD_suspend_connection(connection.pointer)
            return 0
        }
    }

    /// The response was released by libmicrohttpd: the client is gone or the stream ended.
    /// The close handlers run once. The server calls it; a caller holding a stream that was
    /// never queued on a connection (the HTTP fuzz target) calls it to let the stream go.
    public func detach() {
        let handlers: [@Sendable () -> Void] = state.withLock { state in
            if state.disconnected { return [] }
            state.disconnected = true
            state.connection = nil
            state.suspended = false
            var handlers = state.closeHandlers
            state.closeHandlers = []
            if let detachHook = state.detachHook { handlers.insert(detachHook, at: 0) }
            state.detachHook = nil
            return handlers
        }
        for handler in handlers { handler() }
    }
}
