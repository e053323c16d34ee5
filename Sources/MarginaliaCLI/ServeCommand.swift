#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Marginalia
import MarginaliaServer

/// `marginalia serve [FILE...] [--host H] [--port P] [--data DIR | --store LOCATION] [--token T] [--web DIR] [--pdfjs DIR] [limits] [HTTPS]`
enum ServeCommand {
    static let help = """
        usage: marginalia serve [FILE...] [--host 127.0.0.1] [--port 8080] [--data DIR | --store LOCATION]
                                [--store-password-file FILE] [--token T] [--web DIR] [--pdfjs DIR]
                                [--max-connections N] [--timeout S] [--header-timeout S] [--max-body BYTES]
                                [--max-upload BYTES]
                                [--max-annotations N] [--max-pages N] [--max-points N]
                                [--memory-budget BYTES] [--request-memory BYTES] [--admission-wait S]
                                [--unload-idle S] [--max-open-documents N]
                                [--tls-cert FILE --tls-key FILE [--http-redirect-port N] | --behind-tls-proxy]
                                [--hsts-max-age S]
                                [--jwt-hs256-secret-file FILE | --jwt-rs256-public-key FILE]
                                [--retention-every S] [--signing-key-file FILE] [--timestamp-url URL]

        Serves the browser editor and the JSON API (docs/api.md) until Ctrl-C or SIGTERM,
        which finish the requests in flight and exit 0; a second one stops it at once.

          FILE...        PDFs, PNGs or JPEGs to import into the store first; with no FILE
                         and an empty store, the built-in sample document is imported
          --host H       address to listen on (default 127.0.0.1); any other address
                         requires a token on every API request
          --port P       port (default 8080; 0 picks a free one)
          --data DIR     the document store (default ./marginalia-data, created if missing)
          --store LOC    the store: a folder (as --data), or postgresql://USER@HOST:PORT/DB for
                         replicas sharing one PostgreSQL database (docs/scale-out.md); default
                         $MARGINALIA_STORE, else --data. The password comes from the URL, the
                         --store-password-file, or libpq's PGPASSWORD/PGPASSFILE/~/.pgpass;
                         URL parameters such as ?sslmode=verify-full reach libpq as given
          --store-password-file FILE
                         the database password, first line of FILE (default
                         $MARGINALIA_STORE_PASSWORD_FILE)
          --token T      the access token (default: none on 127.0.0.1, else a random one); once
                         the store has users (`marginalia users add`), their own tokens instead,
                         on every address
          --web DIR      the browser editor's folder (default: $MARGINALIA_WEB, else the
                         package's Web folder, else ./Web)
          --pdfjs DIR    the pdf.js 6.4.299 the editor draws pages with (default:
                         $MARGINALIA_PDFJS, else /usr/local/share/marginalia/pdfjs-6.4.299,
                         where scripts/install-deps.sh puts it)
          --retention-every S
                         apply the store's retention settings (`marginalia store retention`,
                         docs/store.md) every S seconds (default 3600; 0: never)
          --signing-key-file FILE
                         the operator's key (32 random bytes, or their 64 hex digits:
                         `openssl rand -hex 32 > FILE`) that opens the certificates
                         `marginalia users certificate` sealed, so named users may sign with
                         theirs over HTTPS (docs/signatures.md); never stored in the store
          --timestamp-url URL
                         the RFC 3161 time-stamp authority (http://) every signature made on
                         the server gets a signature time-stamp from (PAdES B-T, as
                         `sign --timestamp`); without it, B-B

        HTTPS (docs/deploy.md):
          --tls-cert FILE  serve HTTPS (TLS 1.2 and 1.3 only) with this PEM certificate (the
                           server's, then any intermediates); the token cookie is then Secure
                           and every answer carries Strict-Transport-Security
          --tls-key FILE   its private key (PEM, without a passphrase); a missing, unreadable
                           or mismatched file stops the server before it listens
          --http-redirect-port N
                           also listen on plain HTTP port N and answer every request there
                           with 308 to the same host, path and query over HTTPS
          --behind-tls-proxy
                           a proxy in front (HAProxy) terminates TLS: the cookie is Secure,
                           and answers carry Strict-Transport-Security when the proxy's
                           X-Forwarded-Proto says https (believed in this mode only)
          --hsts-max-age S seconds browsers keep to HTTPS (default 31536000, a year)

        Tokens from your backend (docs/api.md): a server embedded in another service takes
        JWTs its backend signs, naming the user (sub), the role (role: reader, commenter,
        editor or admin), the expiry (exp) and the documents (documents: ids); every request
        then needs a token, on loopback too:
          --jwt-hs256-secret-file FILE   HS256 with the secret in FILE (at least 32 bytes; one
                                         trailing newline is not part of it)
          --jwt-rs256-public-key FILE    RS256 with the RSA public key in FILE (PEM)

        Limits (docs/server-robustness.md); a request over one gets 413 naming it:
          --max-connections N  open connections, event streams included (default 1000)
          --timeout S          seconds of silence before a connection is closed (default 30)
          --header-timeout S   seconds a request's line and headers may take to arrive, and
                               its body as long again plus 1 s per KiB (default 20)
          --max-body BYTES     largest request body held in memory (default 67108864)
          --max-upload BYTES   largest document upload (POST /api/v1/documents), written to
                               disk as it arrives, never held whole in memory (default 2G;
                               K, M and G allowed)
          --max-annotations N  annotations one request may add, remove or change (10000)
          --max-pages N        pages one request may touch (1000)
          --max-points N       points in one stroke, eraser sweep or operation (100000)

        Memory (docs/server-robustness.md, "Memory"); BYTES may end in K, M or G:
          --memory-budget BYTES   what uploads' bodies, exports, renders, text reads and the
                                  indexer may hold at once, all requests together (default 768M);
                                  a request that finds it spent waits --admission-wait
                                  seconds, then gets 503 with Retry-After
          --request-memory BYTES  what one such request may decode and draw in all (default
                                  384M); past it, 413 naming this option
          --admission-wait S      seconds a request waits for the budget (default 2; 0: none)
          --unload-idle S         seconds a document nothing uses (no event stream, no request
                                  at work on it) stays in memory (default 300; 0: never by
                                  time); reopened from the store when next asked for
          --max-open-documents N  documents held in memory at most (default 64); past it the
                                  least recently used of those nothing uses are unloaded
        The limits documents are read with (docs/limits.md) come from MARGINALIA_LIMITS;
        a document past one gets 413 naming it.
        """

    /// The parsed command line.
    struct Options {
        var files: [String] = []
        var host = "127.0.0.1"
        var port: UInt16 = 8080
        var dataDirectory = "marginalia-data"
        /// `--store`, `MARGINALIA_STORE`, else the data folder.
        var store: StoreLocation = .folder(URL(fileURLWithPath: "marginalia-data"))
        var token: String?
        var webDirectory: String
        /// `--pdfjs`, `MARGINALIA_PDFJS`, else ``StaticFiles/defaultPdfjsDirectory``.
        var pdfjsDirectory = StaticFiles.defaultPdfjsDirectory
        var http = HTTPServerConfiguration()
        var limits = RequestLimits()
        var memory = MemoryBudget.Settings()
        var readingLimits = PDFLimits()
        var tls = TLSOptions()
        var jwt: JWTVerifier?
        /// Seconds between retention runs (docs/store.md, "Retention"); 0: never.
        var retentionEvery = 3600
        /// `--unload-idle` and `--max-open-documents`.
        var residency = DocumentResidency()
        /// `--signing-key-file`: the key that opens users' certificates (docs/signatures.md).
        var signingKey: SigningKey?
        /// `--timestamp-url`: the time-stamp authority of signatures made on the server (B-T).
        var timestampURL: URL?
    }

    static func parse(_ argv: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Options {
        var arguments = Arguments(argv)
        let host = try arguments.option("--host") ?? "127.0.0.1"
        let portText = try arguments.option("--port") ?? "8080"
        guard let port = UInt16(portText) else { throw UsageError("--port: '\(portText)' is not a port (0-65535)") }
        let dataOption = try arguments.option("--data")
        let data = dataOption ?? "marginalia-data"
        let store = try storeLocation(&arguments, data: dataOption, environment: environment)
        let token = try arguments.option("--token")
        let web = try arguments.option("--web") ?? defaultWebDirectory()
        let pdfjs = try arguments.option("--pdfjs") ?? environment["MARGINALIA_PDFJS"].flatMap { $0.isEmpty ? nil : $0 }
            ?? StaticFiles.defaultPdfjsDirectory
        var http = HTTPServerConfiguration(host: host, port: port)
        var limits = RequestLimits()
        try positive(&arguments, "--max-connections", into: &http.maxConnections)
        try positive(&arguments, "--timeout", into: &http.connectionTimeoutSeconds)
        try positive(&arguments, "--header-timeout", into: &http.requestHeaderTimeoutSeconds)
        try positive(&arguments, "--max-body", into: &http.maxBodySize)
        var maxUpload = UploadSpooling.defaultMaxSize
        try bytes(&arguments, UploadSpooling.option, into: &maxUpload)
        try positive(&arguments, "--max-annotations", into: &limits.maxAnnotations)
        try positive(&arguments, "--max-pages", into: &limits.maxPages)
        try positive(&arguments, "--max-points", into: &limits.maxPoints)
        var memory = MemoryBudget.Settings()
        try bytes(&arguments, MemoryBudget.Settings.options.total, into: &memory.total)
        try bytes(&arguments, MemoryBudget.Settings.options.perRequest, into: &memory.perRequest)
        if let text = try arguments.option(MemoryBudget.Settings.options.wait) {
            guard let seconds = Int(text), (0...3600).contains(seconds) else {
                throw UsageError("\(MemoryBudget.Settings.options.wait): '\(text)' is not a whole number of seconds from 0 to 3600")
            }
            memory.admissionWait = Double(seconds)
        }
        if memory.perRequest > memory.total {
            throw UsageError("\(MemoryBudget.Settings.options.perRequest) (\(memory.perRequest)) is more than \(MemoryBudget.Settings.options.total) (\(memory.total))")
        }
        var retentionEvery = 3600
        if let text = try arguments.option("--retention-every") {
            guard let seconds = Int(text), (0...31_536_000).contains(seconds) else {
                throw UsageError("--retention-every: '\(text)' is not a whole number of seconds from 0 (never) to 31536000")
            }
            retentionEvery = seconds
        }
        let residency = try residencyOptions(&arguments)
        let readingLimits = try LimitsSetting.current(environment)
        let tls = try tlsOptions(&arguments, port: port)
        let jwt = try jwtVerifier(&arguments)
        let key = try signingKey(&arguments)
        let timestampURL = try arguments.option("--timestamp-url").map { try TimestampClient.parseURL($0, option: "--timestamp-url") }
        if let unknown = arguments.items.first(where: { $0.hasPrefix("-") && $0.count > 1 }) {
            throw UsageError("unknown option '\(unknown)'")
        }
        if token?.isEmpty == true { throw UsageError("--token must not be empty") }
        let location = store ?? .folder(URL(fileURLWithPath: data))
        http.uploads = UploadSpooling(directory: uploadFolder(for: location), maxSize: maxUpload) { method, path in
            DocumentRoutes.isUpload(method: method, path: path)
        }
        return Options(files: arguments.items, host: host, port: port, dataDirectory: data,
                       store: location, token: token, webDirectory: web, pdfjsDirectory: pdfjs,
                       http: http, limits: limits, memory: memory, readingLimits: readingLimits, tls: tls, jwt: jwt,
                       retentionEvery: retentionEvery, residency: residency, signingKey: key, timestampURL: timestampURL)
    }

    /// `--unload-idle S` and `--max-open-documents N`, each checked (``DocumentResidency``).
    private static func residencyOptions(_ arguments: inout Arguments) throws -> DocumentResidency {
        var residency = DocumentResidency()
        do {
            if let text = try arguments.option(DocumentResidency.options.idle) {
                residency.idleSeconds = try DocumentResidency.idleSeconds(text)
            }
            if let text = try arguments.option(DocumentResidency.options.maxOpen) {
                residency.maxOpen = try DocumentResidency.maxOpen(text)
            }
        } catch let refused as DocumentResidency.OptionError {
            throw UsageError(refused.message)
        }
        return residency
    }

    /// Where uploads are written as they arrive: beside the files of a folder store (one
    /// server owns it, so what a stopped one left is cleared at start), else a folder of this
    /// process's own in the temporary folder.
    static func uploadFolder(for store: StoreLocation) -> URL {
        switch store {
        case .folder(let folder): return folder.appendingPathComponent("uploads-in-progress", isDirectory: true)
        case .postgres:
            return FileManager.default.temporaryDirectory
                .appendingPathComponent("marginalia-uploads-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        }
    }

    /// Reads `--name N` (a whole number of at least 1) into `value` when given.
    private static func positive(_ arguments: inout Arguments, _ name: String, into value: inout Int) throws {
        guard let text = try arguments.option(name) else { return }
        guard let number = Int(text), number >= 1 else { throw UsageError("\(name): '\(text)' is not a whole number of at least 1") }
        value = number
    }

    /// Reads `--name BYTES` (a whole number of at least 1, K, M or G allowed) into `value`.
    private static func bytes(_ arguments: inout Arguments, _ name: String, into value: inout Int) throws {
        guard let text = try arguments.option(name) else { return }
        guard let number = LimitsSetting.number(text), number >= 1 else {
            throw UsageError("\(name): '\(text)' is not a size in bytes of at least 1 (K, M and G suffixes allowed)")
        }
        value = number
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
        // Before anything starts a thread: each thread inherits the blocked signals.
        let stopSignals = StopSignals.watch()
        var options = try parse(argv)
        var configuration = options.http
        configuration.tls = try loadCredentials(options.tls)
        if !configuration.isLoopback && options.token == nil {
            options.token = AccessControl.makeToken()
        }
        raiseOpenFileLimit(toHold: configuration.maxConnections)
        ProcessMemory.prepareForServing()
        do {
            try configuration.uploads?.removeLeftovers()
        } catch {
            throw CommandFailure(description: "\(error)", code: ExitCode.badInput)
        }
        let service = try openService(options)
        let handler = MarginaliaApp.servedHandler(for: service, staticFiles: StaticFiles(webDirectory: options.webDirectory, pdfjsDirectory: options.pdfjsDirectory),
                                                  token: options.token, transport: options.tls.transport, jwt: options.jwt,
                                                  signingKey: options.signingKey,
                                                  timestamp: options.timestampURL.map { SigningTimestamp(url: $0, transport: TimestampClient.transport($0)) })
        let server = HTTPServer(configuration: configuration, memoryBudget: service.budget, handler: handler)
        do {
            try server.start()
        } catch {
            throw CommandFailure(description: "\(error)", code: ExitCode.badInput)
        }
        var servers = [server]
        if let port = options.tls.redirectPort {
            servers.append(try startRedirect(port: port, host: options.host, to: server))
        }
        let retention = RetentionSchedule(service: service, every: TimeInterval(options.retentionEvery))
        if options.retentionEvery > 0 { retention.start() }
        print("Marginalia is serving \(try service.catalogue.list().count) document(s) from \(options.store)")
        print("Open \(url(host: options.host, port: server.port, token: options.token, https: server.isTLS))")
        if let port = options.tls.redirectPort {
            print("Plain HTTP on port \(port) is redirected to HTTPS")
        }
        if !FileManager.default.fileExists(atPath: options.webDirectory + "/index.html") {
            CommandLineTool.printError("marginalia serve: warning: no index.html in \(options.webDirectory) (set --web or MARGINALIA_WEB)")
        }
        if let problem = StaticFiles.pdfjsProblem(in: options.pdfjsDirectory) {
            CommandLineTool.printError("marginalia serve: warning: \(problem); the editor cannot show documents without it")
        }
        fflush(nil)
        waitForSignals(stopSignals, servers)
    }

    /// Raises the soft limit on open files towards the hard one when the connection limit
    /// needs more than it allows (a common soft limit is 1,024), so `--max-connections 2000`
    /// means what it says; leaves room for the store's files and libmicrohttpd's own.
    static func raiseOpenFileLimit(toHold connections: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let wanted = rlim_t(min(max(0, connections), 1 << 24) + 256)
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = min(wanted, limit.rlim_max)
        if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) != 0 || limit.rlim_cur < wanted {
            CommandLineTool.printError("marginalia serve: warning: only \(limit.rlim_cur) open files allowed; fewer than \(connections) connections may be served")
        }
    }

    /// The address to print (IPv6 hosts in brackets; the token as `?token=`).
    static func url(host: String, port: UInt16, token: String?, https: Bool = false) -> String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(https ? "https" : "http")://\(shown):\(port)/" + (token.map { "?token=\($0)" } ?? "")
    }

    /// Blocks until SIGINT or SIGTERM (or returns at once when one came while starting), then
    /// stops the servers (finishing requests in flight) and exits 0.
    static func waitForSignals(_ signals: StopSignals, _ servers: [HTTPServer]) -> Never {
        signals.waitForStop()
        servers.forEach { $0.stop() }
        print("Marginalia stopped.")
        fflush(nil)
        exit(ExitCode.success)
    }
}
