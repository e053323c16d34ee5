import CMicroHTTPD
import Foundation

/// A server-sent event stream (`text/event-stream`) that any thread can push to.
///
/// A route creates one, returns `HTTPResponse.events(stream)` and keeps the stream to `send`
/// events later. While nothing is queued the connection is suspended in libmicrohttpd, so an
/// idle stream costs no thread and no polling: hundreds of open tabs are cheap. The server
/// sends a `: keep-alive` comment at its configured interval, which is also how a client that
/// went away is noticed; `onClose` handlers then run once.
public final class EventStream: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = Data()
    private var finished = false
    private var disconnected = false
    private var suspended = false
    private var connection: OpaquePointer?
    private var closeHandlers: [@Sendable () -> Void] = []
    private var detachHook: (@Sendable () -> Void)?

    /// The most bytes queued for a client that does not read; past it the stream is closed
    /// (an event-stream client reconnects with `Last-Event-ID` and catches up).
    public let maxPendingBytes: Int

    /// Creates a stream with nothing queued.
    public init(maxPendingBytes: Int = 8 << 20) {
        self.maxPendingBytes = maxPendingBytes
    }

    /// Whether the client is still there and the stream was not closed.
    public var isOpen: Bool {
        lock.withLock { !finished && !disconnected }
    }

    /// Queues one event. Multi-line `data` becomes several `data:` lines, as the format requires.
    /// - Returns: false when the stream is closed or the client went away.
    @discardableResult
    public func send(event: String? = nil, id: String? = nil, data: String) -> Bool {
        var text = ""
        if let id { text += "id: \(Self.singleLine(id))\n" }
        if let event { text += "event: \(Self.singleLine(event))\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
            text += "data: \(line)\n"
        }
        text += "\n"
        return enqueue(text)
    }

    /// Queues a comment line (`: text`), which clients ignore; used as a keep-alive.
    @discardableResult
    public func comment(_ text: String) -> Bool {
        enqueue(": \(Self.singleLine(text))\n\n")
    }

    /// Ends the stream after what is queued has been sent.
    public func close() {
        lock.withLock {
            finished = true
            resumeLocked()
        }
    }

    /// Runs `handler` once when the stream ends (closed, client gone, or server stopped);
    /// at once if it already has.
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        let runNow: Bool = lock.withLock {
            if disconnected { return true }
            closeHandlers.append(handler)
            return false
        }
        if runNow { handler() }
    }

    private func enqueue(_ text: String) -> Bool {
        lock.withLock {
            guard !finished, !disconnected else { return false }
            guard pending.count + text.utf8.count <= maxPendingBytes else {
                finished = true
                resumeLocked()
                return false
            }
            pending.append(contentsOf: text.utf8)
            resumeLocked()
            return true
        }
    }

    private func resumeLocked() {
        if suspended, let connection {
            suspended = false
            MHD_resume_connection(connection)
        }
    }

    private static func singleLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    }

    // MARK: - Called by the server

    /// Binds the stream to the connection it is queued on (before libmicrohttpd reads it).
    func attach(to connection: OpaquePointer, onDetach: @escaping @Sendable () -> Void) {
        lock.withLock {
            self.connection = connection
            detachHook = onDetach
        }
    }

    /// libmicrohttpd asks for up to `max` bytes: copy what is queued, or suspend the
    /// connection until `send` or `close` resumes it (never returning 0 without suspending,
    /// which would make libmicrohttpd spin).
    func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        lock.withLock {
            if !pending.isEmpty {
                let count = min(max, pending.count)
                buffer.withMemoryRebound(to: UInt8.self, capacity: count) { target in
                    pending.copyBytes(to: target, count: count)
                }
                pending.removeFirst(count)
                if pending.isEmpty { pending = Data() }
                return count
            }
            if finished || disconnected { return Int(MHD_CONTENT_READER_END_OF_STREAM) }
            guard let connection else { return Int(MHD_CONTENT_READER_END_WITH_ERROR) }
            suspended = true
            MHD_suspend_connection(connection)
            return 0
        }
    }

    /// The response was released by libmicrohttpd: the client is gone or the stream ended.
    /// The close handlers run once. The server calls it; a caller holding a stream that was
    /// never queued on a connection (the HTTP fuzz target) calls it to let the stream go.
    public func detach() {
        let handlers: [@Sendable () -> Void] = lock.withLock {
            if disconnected { return [] }
            disconnected = true
            connection = nil
            suspended = false
            var handlers = closeHandlers
            closeHandlers = []
            if let detachHook { handlers.insert(detachHook, at: 0) }
            detachHook = nil
            return handlers
        }
        for handler in handlers { handler() }
    }
}
