#if canImport(Glibc)
import Glibc
#endif
import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server over libmicrohttpd that hands every complete request to one handler.
///
/// Connections are polled with epoll by a small pool of threads. A request is read (body
/// limited by `maxBodySize`, checked against `Content-Length` first and again while the body
/// arrives), then its connection is suspended while the async handler runs, so a slow handler
/// or an open event stream never holds a polling thread.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(port: 0)) { request in .text("hello") }
/// try server.start()
/// print(server.port)
/// server.stop()
/// ```
public final class HTTPServer: Sendable {
    /// The configuration given at creation.
    public let configuration: HTTPServerConfiguration
    let handler: HTTPHandler
    /// Whether the server speaks HTTPS.
    public let isTLS: Bool

    /// What changes while the server runs, read and written only holding its `Mutex`.
    private struct State {
        var daemon: MHDHandle?
        var threads: HandlerThreads?
        var boundPort: UInt16 = 0
        var stopping = false
        var inFlight = 0
        var streams: [ObjectIdentifier: EventStream] = [:]
        var keepAliveTimer: DispatchSourceTimer?
        /// The TLS settings as C strings for libmicrohttpd, kept while the server lives.
        var tlsText: TLSText?
    }

    private let state: Mutex<State>
    /// The request deadlines of open connections (slowloris defence).
    let deadlines: ConnectionDeadlines
    /// What request bodies of ``bodyReservationThreshold`` bytes or more reserve while they are
    /// received and handled; nil reserves nothing.
    let memoryBudget: MemoryBudget?
    /// Bodies smaller than this take nothing from the budget (commands, small uploads).
    static let bodyReservationThreshold = 1 << 20

    /// Creates a stopped server.
    ///
    /// - Parameter memoryBudget: the budget large request bodies are reserved from (shared
    ///   with the service's heavy work); a body that does not fit gets 503 with `Retry-After`.
    public init(configuration: HTTPServerConfiguration, memoryBudget: MemoryBudget? = nil,
                handler: @escaping HTTPHandler) {
        self.configuration = configuration
        self.memoryBudget = memoryBudget
        self.handler = handler
        self.deadlines = ConnectionDeadlines(headerTimeoutSeconds: configuration.requestHeaderTimeoutSeconds,
                                             idleTimeoutSeconds: configuration.connectionTimeoutSeconds,
                                             minimumBodyRate: configuration.minimumBodyRate)
        self.isTLS = configuration.tls != nil
        self.state = Mutex(State(tlsText: configuration.tls.map(TLSText.init)))
    }

    deinit {
        stop()
    }

    /// The port listened on (the chosen one when configured with 0); 0 when not running.
    public var port: UInt16 {
        state.withLock { $0.boundPort }
    }

    /// Whether `start()` succeeded and `stop()` has not been called.
    public var isRunning: Bool {
        state.withLock { $0.daemon != nil && !$0.stopping }
    }

    /// Binds and starts answering.
    /// - Throws: `HTTPServerError` when the host is not an address literal or the port cannot be bound.
    public func start() throws {
        var address = try SocketAddress(host: configuration.host, port: configuration.port)
        try state.withLock { state throws(HTTPServerError) in
            guard state.daemon == nil else { throw HTTPServerError.alreadyStarted }
            let tlsText = state.tlsText
            let started: OpaquePointer? = withUnsafePointer(to: &address.storage) { storage in
                storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    let me = Unmanaged.passUnretained(self).toOpaque()
                    var config = marginalia_mhd_config(
                        address: socketAddress, ipv6: address.isIPv6 ? 1 : 0,
                        thread_pool_size: UInt32(clamping: max(1, configuration.threadCount)),
                        connection_memory_limit: max(4096, configuration.headerMemoryLimit),
                        connection_timeout_seconds: UInt32(clamping: max(0, configuration.connectionTimeoutSeconds)),
                        connection_limit: UInt32(clamping: max(1, configuration.maxConnections)),
                        notify_connection: marginaliaConnectionNotified, notify_connection_cls: me,
                        tls_certificate: tlsText?.certificate, tls_key: tlsText?.key, tls_priorities: tlsText?.priorities)
                    return marginalia_mhd_start(&config, marginaliaAccessHandler, me, marginaliaRequestCompleted, me)
                }
            }
            guard let started else {
                if tlsText != nil { throw HTTPServerError.cannotStartTLS(host: configuration.host, port: configuration.port) }
                throw HTTPServerError.cannotStart(host: configuration.host, port: configuration.port)
            }
            state.daemon = MHDHandle(pointer: started)
            state.threads = HandlerThreads(count: configuration.handlerThreadCount)
            state.stopping = false
            state.boundPort = marginalia_mhd_bound_port(started)
        }
        startKeepAlive()
        deadlines.start()
    }

    /// Stops: no new requests are handled, requests being handled finish (up to `timeout`
    /// seconds), event streams are closed, then the socket is closed and the threads end.
    public func stop(timeout: Double = 10) {
        let running: MHDHandle? = state.withLock { state in
            guard let daemon = state.daemon, !state.stopping else { return nil }
            state.stopping = true
            state.keepAliveTimer?.cancel()
            state.keepAliveTimer = nil
            return daemon
        }
        guard let running else { return }
        let deadline = Date().addingTimeInterval(timeout)
        // Suspended connections must be resumed before MHD_stop_daemon: close every stream
        // and wait for the handlers in flight to hand back their connections.
        while true {
            let (busy, open) = state.withLock { ($0.inFlight, Array($0.streams.values)) }
            open.forEach { $0.close() }
            if (busy == 0 && open.isEmpty) || Date() > deadline { break }
            usleep(5_000)
        }
        MHD_stop_daemon(running.pointer)
        deadlines.stop()
        let leftovers: [EventStream] = state.withLock { state in
            state.threads?.shutdown()
            state.threads = nil
            state.daemon = nil
            state.boundPort = 0
            let left = Array(state.streams.values)
            state.streams = [:]
            return left
        }
        leftovers.forEach { $0.detach() }
    }

    // MARK: - Bookkeeping used by the callbacks

    /// Counts a handler about to run and returns the executor to run it on; nil when the
    /// server is stopping (answer 503 instead).
    func beginHandling() -> HandlerThreads? {
        state.withLock { state in
            guard !state.stopping, let threads = state.threads else { return nil }
            state.inFlight += 1
            return threads
        }
    }

    func endHandling() {
        state.withLock { $0.inFlight -= 1 }
    }

    func register(_ stream: EventStream) {
        state.withLock { $0.streams[ObjectIdentifier(stream)] = stream }
    }

    func unregister(_ stream: EventStream) {
        _ = state.withLock { $0.streams.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    private func startKeepAlive() {
        let interval = max(0.05, configuration.keepAliveInterval)
        // Made inside the lock: the timer belongs to the state from the start.
        state.withLock { state in
            let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
            timer.schedule(deadline: .now() + interval, repeating: interval)
            timer.setEventHandler { [weak self] in
                guard let self else { return }
                let open = self.state.withLock { Array($0.streams.values) }
                for stream in open { stream.comment("keep-alive") }
            }
            timer.resume()
            state.keepAliveTimer = timer
        }
    }
}

/// A certificate, key and priority string copied to C memory: libmicrohttpd is handed
/// pointers, which must stay valid while the daemon runs.
private final class TLSText {
    let certificate: UnsafeMutablePointer<CChar>
    let key: UnsafeMutablePointer<CChar>
    let priorities: UnsafeMutablePointer<CChar>

    init(_ credentials: TLSCredentials) {
        certificate = strdup(credentials.certificatePEM)
        key = strdup(credentials.keyPEM)
        priorities = strdup(TLSCredentials.priorities)
    }

    deinit {
        // The key's bytes are wiped before the memory goes back.
        memset(key, 0, strlen(key))
        free(certificate)
        free(key)
        free(priorities)
    }
}
