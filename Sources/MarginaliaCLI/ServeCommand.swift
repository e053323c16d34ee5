#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Marginalia
import MarginaliaServer

/// `marginalia serve [FILE...] [--host H] [--port P] [--data DIR] [--token T] [--web DIR]`
enum ServeCommand {
    static let help = """
        usage: marginalia serve [FILE...] [--host 127.0.0.1] [--port 8080] [--data DIR] [--token T] [--web DIR]

        Serves the browser editor and the JSON API (docs/api.md) until Ctrl-C or SIGTERM,
        which finish the requests in flight and exit 0.

          FILE...        PDFs, PNGs or JPEGs to import into the store first; with no FILE
                         and an empty store, the built-in sample document is imported
          --host H       address to listen on (default 127.0.0.1); any other address
                         requires a token on every API request
          --port P       port (default 8080; 0 picks a free one)
          --data DIR     the document store (default ./marginalia-data, created if missing)
          --token T      the access token (default: none on 127.0.0.1, else a random one)
          --web DIR      the browser editor's folder (default: $MARGINALIA_WEB, else the
                         package's Web folder, else ./Web)
        """

    /// The parsed command line.
    struct Options {
        var files: [String] = []
        var host = "127.0.0.1"
        var port: UInt16 = 8080
        var dataDirectory = "marginalia-data"
        var token: String?
        var webDirectory: String
    }

    static func parse(_ argv: [String]) throws -> Options {
        var arguments = Arguments(argv)
        let host = try arguments.option("--host") ?? "127.0.0.1"
        let portText = try arguments.option("--port") ?? "8080"
        guard let port = UInt16(portText) else { throw UsageError("--port: '\(portText)' is not a port (0-65535)") }
        let data = try arguments.option("--data") ?? "marginalia-data"
        let token = try arguments.option("--token")
        let web = try arguments.option("--web") ?? defaultWebDirectory()
        if let unknown = arguments.items.first(where: { $0.hasPrefix("-") && $0.count > 1 }) {
            throw UsageError("unknown option '\(unknown)'")
        }
        if token?.isEmpty == true { throw UsageError("--token must not be empty") }
        return Options(files: arguments.items, host: host, port: port, dataDirectory: data, token: token, webDirectory: web)
    }

    /// `$MARGINALIA_WEB`, else the `Web` folder of the package this binary was built from,
    /// else `./Web`.
    static func defaultWebDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let configured = environment["MARGINALIA_WEB"], !configured.isEmpty { return configured }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Web")
        if FileManager.default.fileExists(atPath: package.appendingPathComponent("index.html").path) {
            return package.path
        }
        return FileManager.default.currentDirectoryPath + "/Web"
    }

    static func run(_ argv: [String]) throws {
        var options = try parse(argv)
        let configuration = HTTPServerConfiguration(host: options.host, port: options.port)
        if !configuration.isLoopback && options.token == nil {
            options.token = AccessControl.makeToken()
        }
        let service = try openService(options)
        let app = MarginaliaApp(service: service, staticFiles: StaticFiles(webDirectory: options.webDirectory),
                                token: options.token)
        let server = HTTPServer(configuration: configuration, handler: app.handler)
        do {
            try server.start()
        } catch {
            throw CommandFailure(description: "\(error)", code: ExitCode.badInput)
        }
        print("Marginalia is serving \(try service.list().count) document(s) from \(options.dataDirectory)")
        print("Open \(url(host: options.host, port: server.port, token: options.token))")
        if !FileManager.default.fileExists(atPath: options.webDirectory + "/index.html") {
            CommandLineTool.printError("marginalia serve: warning: no index.html in \(options.webDirectory) (set --web or MARGINALIA_WEB)")
        }
        fflush(nil)
        waitForSignals(server)
    }

    /// The address to print (IPv6 hosts in brackets; the token as `?token=`).
    static func url(host: String, port: UInt16, token: String?) -> String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(shown):\(port)/" + (token.map { "?token=\($0)" } ?? "")
    }

    /// Blocks until SIGINT or SIGTERM, then stops the server (finishing requests in flight)
    /// and exits 0.
    static func waitForSignals(_ server: HTTPServer) -> Never {
        var sources: [DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue.global())
            source.setEventHandler {
                server.stop()
                print("Marginalia stopped.")
                fflush(nil)
                exit(ExitCode.success)
            }
            source.resume()
            sources.append(source)
        }
        while true {
            withExtendedLifetime(sources) { _ = pause() }
        }
    }
}
