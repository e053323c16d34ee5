import Foundation
import MarginaliaServer

extension ServeCommand {
    /// `--tls-cert`, `--tls-key`, `--http-redirect-port`, `--behind-tls-proxy` and
    /// `--hsts-max-age` as given (docs/deploy.md); the files are read when the server starts.
    struct TLSOptions: Equatable {
        var certificateFile: String?
        var keyFile: String?
        /// The plain-HTTP port that answers 308 to the HTTPS address.
        var redirectPort: UInt16?
        /// A proxy in front terminates TLS (cookie `Secure`, HSTS, `X-Forwarded-Proto` believed).
        var behindProxy = false
        var hstsMaxAge = TransportSecurity.defaultHSTSMaxAge

        /// Whether the server itself speaks HTTPS.
        var servesTLS: Bool { certificateFile != nil }

        /// What the application makes of the connection's security.
        var transport: TransportSecurity {
            if servesTLS { return .tls(hstsMaxAge: hstsMaxAge) }
            return behindProxy ? .behindTLSProxy(hstsMaxAge: hstsMaxAge) : .plain
        }
    }

    /// Reads the TLS options; `port` is the server's own (the redirect port must differ).
    static func tlsOptions(_ arguments: inout Arguments, port: UInt16) throws -> TLSOptions {
        var options = TLSOptions()
        options.certificateFile = try arguments.option("--tls-cert")
        options.keyFile = try arguments.option("--tls-key")
        options.behindProxy = arguments.flag("--behind-tls-proxy")
        if (options.certificateFile == nil) != (options.keyFile == nil) {
            throw UsageError("--tls-cert and --tls-key go together: give both files, or neither for plain HTTP")
        }
        if options.servesTLS && options.behindProxy {
            throw UsageError("give --tls-cert and --tls-key, or --behind-tls-proxy, not both")
        }
        if let text = try arguments.option("--http-redirect-port") {
            guard options.servesTLS else { throw UsageError("--http-redirect-port needs --tls-cert and --tls-key") }
            guard let redirect = UInt16(text), redirect > 0 else {
                throw UsageError("--http-redirect-port: '\(text)' is not a port (1-65535)")
            }
            guard redirect != port else { throw UsageError("--http-redirect-port must differ from --port (\(port))") }
            options.redirectPort = redirect
        }
        if let text = try arguments.option("--hsts-max-age") {
            guard options.servesTLS || options.behindProxy else {
                throw UsageError("--hsts-max-age needs --tls-cert and --tls-key, or --behind-tls-proxy")
            }
            guard let seconds = Int(text), (0...Int(Int32.max)).contains(seconds) else {
                throw UsageError("--hsts-max-age: '\(text)' is not a whole number of seconds from 0 to \(Int32.max)")
            }
            options.hstsMaxAge = seconds
        }
        return options
    }

    /// The certificate and key, read and checked before anything listens.
    /// - Throws: `CommandFailure` naming the file and what is wrong with it.
    static func loadCredentials(_ options: TLSOptions) throws -> TLSCredentials? {
        guard let certificateFile = options.certificateFile, let keyFile = options.keyFile else { return nil }
        do {
            try TLSCredentials.checkSupported()
            let credentials = try TLSCredentials.load(certificateFile: certificateFile, keyFile: keyFile)
            if credentials.isExpired {
                CommandLineTool.printError("marginalia serve: warning: the certificate in \(certificateFile) has expired; browsers will refuse it")
            }
            return credentials
        } catch {
            throw CommandFailure(description: "cannot serve HTTPS: \(error)", code: ExitCode.badInput)
        }
    }

    /// Starts the plain-HTTP listener that sends every request to the HTTPS server's address.
    static func startRedirect(port: UInt16, host: String, to server: HTTPServer) throws -> HTTPServer {
        let configuration = HTTPServerConfiguration(host: host, port: port, threadCount: 1, handlerThreadCount: 2,
                                                    maxBodySize: 1 << 20, maxConnections: server.configuration.maxConnections)
        let redirect = HTTPServer(configuration: configuration,
                                  handler: HTTPSRedirect(fallbackHost: host, httpsPort: server.port).handler)
        do {
            try redirect.start()
        } catch {
            server.stop()
            throw CommandFailure(description: "--http-redirect-port: \(error)", code: ExitCode.badInput)
        }
        return redirect
    }
}
