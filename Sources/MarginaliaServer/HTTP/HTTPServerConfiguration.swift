import Foundation

/// Where a server listens and the limits it enforces.
public struct HTTPServerConfiguration: Sendable {
    /// The address to bind, an IPv4 or IPv6 literal (`127.0.0.1`, `0.0.0.0`, `::1`).
    public var host: String
    /// The port; 0 picks a free one (read `HTTPServer.port` after starting).
    public var port: UInt16
    /// Threads polling connections (each with its own epoll set).
    public var threadCount: Int
    /// Threads running request handlers (a handler that blocks holds one of them).
    public var handlerThreadCount: Int
    /// The largest request body accepted in memory; larger ones get 413 (uploads: ``uploads``).
    public var maxBodySize: Int
    /// Where the bodies of uploads go, and their limit; nil: uploads are bodies like any other.
    public var uploads: UploadSpooling?
    /// Memory per connection for the request line and headers; larger headers get 431 or 413.
    public var headerMemoryLimit: Int
    /// Seconds of silence after which an idle connection is closed.
    public var connectionTimeoutSeconds: Int
    /// Seconds a connection has to send its request line and headers, from its opening (on a
    /// kept-alive connection, from one idle timeout after the previous response); the body
    /// gets as long again, plus one second per
    /// ``minimumBodyRate`` bytes received (slowloris defence: a client that trickles bytes
    /// never falls silent long enough for ``connectionTimeoutSeconds``).
    public var requestHeaderTimeoutSeconds: Int
    /// Bytes per second a request body must average, beyond the header allowance.
    public var minimumBodyRate: Int
    /// The most connections open at once, event streams included.
    public var maxConnections: Int
    /// How often open event streams get a `: keep-alive` comment (also how dead clients are noticed).
    public var keepAliveInterval: Double
    /// HTTPS with this certificate and key (TLS 1.2 and 1.3 only); nil for plain HTTP.
    public var tls: TLSCredentials?

    /// Creates a configuration; the defaults suit one user's editor on a laptop.
    public init(host: String = "127.0.0.1", port: UInt16 = 8080, threadCount: Int = 4,
                handlerThreadCount: Int = 8,
                maxBodySize: Int = 64 << 20, headerMemoryLimit: Int = 32 << 10,
                connectionTimeoutSeconds: Int = 30, maxConnections: Int = 1000,
                keepAliveInterval: Double = 15, requestHeaderTimeoutSeconds: Int = 20,
                minimumBodyRate: Int = 1024, tls: TLSCredentials? = nil, uploads: UploadSpooling? = nil) {
        self.host = host
        self.port = port
        self.threadCount = threadCount
        self.handlerThreadCount = handlerThreadCount
        self.maxBodySize = maxBodySize
        self.headerMemoryLimit = headerMemoryLimit
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.maxConnections = maxConnections
        self.keepAliveInterval = keepAliveInterval
        self.requestHeaderTimeoutSeconds = requestHeaderTimeoutSeconds
        self.minimumBodyRate = minimumBodyRate
        self.tls = tls
        self.uploads = uploads
    }

    /// Whether the host is a loopback address (no token is needed there).
    public var isLoopback: Bool {
        host == "127.0.0.1" || host == "::1" || host == "localhost" || host.hasPrefix("127.")
    }
}

/// Why a server could not start.
public enum HTTPServerError: Error, CustomStringConvertible, Equatable {
    /// The host is not an IPv4 or IPv6 literal.
    case badHost(String)
    /// libmicrohttpd refused to start (port in use, no permission, bad limits).
    case cannotStart(host: String, port: UInt16)
    /// libmicrohttpd refused to start with TLS (port in use, or GnuTLS refused the
    /// certificate, key or priorities: libmicrohttpd's own line above says which).
    case cannotStartTLS(host: String, port: UInt16)
    /// `start()` was called twice.
    case alreadyStarted
    /// An upload could not be written to or read from its file.
    case cannotSpool(String)

    public var description: String {
        switch self {
        case .badHost(let host): return "'\(host)' is not an IPv4 or IPv6 address (use e.g. 127.0.0.1 or ::1)"
        case .cannotStart(let host, let port): return "cannot listen on \(host):\(port) (port in use or not permitted?)"
        case .cannotStartTLS(let host, let port):
            return "cannot serve HTTPS on \(host):\(port) (port in use, or the certificate refused: see the line above)"
        case .alreadyStarted: return "the server is already running"
        case .cannotSpool(let message): return message
        }
    }
}
