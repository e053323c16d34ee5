import Foundation
import Testing
@testable import MarginaliaServer

/// A private PostgreSQL cluster for this test process, started on first use and stopped
/// when the process exits: Debian's server binaries, a data folder under the temporary
/// folder owned by the `postgres` user (the server refuses to run as root), its own port on
/// 127.0.0.1. Each test gets a database of its own (``makeDatabase()``). Never Debian's own
/// cluster on port 5432. Tests/server/pg_cluster.py is the same recipe for the Python suites.
final class PostgresTestCluster: @unchecked Sendable {
    /// The cluster, or why it could not be started (a test then fails with the reason).
    static let shared: Result<PostgresTestCluster, any Error> = Result { try PostgresTestCluster() }

    let root: URL
    let port: Int
    private let bin: URL
    private let lock = NSLock()
    private var databases = 0

    private init() throws {
        guard let version = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql"))?
            .compactMap(Int.init).max() else {
            throw StoreError.unavailable("PostgreSQL's server binaries are missing (Debian package postgresql)")
        }
        bin = URL(fileURLWithPath: "/usr/lib/postgresql/\(version)/bin")
        root = FileManager.default.temporaryDirectory.appendingPathComponent("marginalia-pg-swift-\(UUID().uuidString)")
        port = Self.freePort()
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        if getuid() == 0 { try Self.run("/usr/bin/chown", ["postgres:postgres", root.path]) }
        let data = root.appendingPathComponent("data").path
        try runAsPostgres(bin.appendingPathComponent("initdb").path,
                          ["-D", data, "-A", "trust", "-U", "marginalia", "--no-sync", "-E", "UTF8", "--locale", "C"])
        let settings = """

            port = \(port)
            listen_addresses = '127.0.0.1'
            unix_socket_directories = '\(root.path)'
            max_connections = 300
            fsync = off
            """
        let conf = try FileHandle(forWritingTo: URL(fileURLWithPath: data + "/postgresql.conf"))
        conf.seekToEndOfFile()
        conf.write(Data(settings.utf8))
        try conf.close()
        try runAsPostgres(bin.appendingPathComponent("pg_ctl").path,
                          ["-D", data, "-l", root.appendingPathComponent("log").path, "-w", "-t", "60", "start"])
        Self.stopAtExit = { [bin, root] in
            _ = try? Self.runAsPostgres(bin: bin, bin.appendingPathComponent("pg_ctl").path,
                                        ["-D", root.appendingPathComponent("data").path, "-m", "immediate", "-w", "stop"])
            try? FileManager.default.removeItem(at: root)
        }
        atexit { PostgresTestCluster.stopAtExit?() }
    }

    nonisolated(unsafe) private static var stopAtExit: (() -> Void)?

    /// A URL of a new, empty database.
    func makeDatabase() throws -> String {
        let name = lock.withLock { () -> String in
            databases += 1
            return "t\(databases)_\(DocumentID.make().prefix(8))"
        }
        let admin = try PostgresConnection(parameters: [("dbname", url("postgres"))])
        try admin.run("CREATE DATABASE \(name)")
        return url(name)
    }

    func url(_ database: String) -> String {
        "postgresql://marginalia@127.0.0.1:\(port)/\(database)"
    }

    // MARK: - Processes

    private func runAsPostgres(_ tool: String, _ arguments: [String]) throws {
        try Self.runAsPostgres(bin: bin, tool, arguments)
    }

    private static func runAsPostgres(bin: URL, _ tool: String, _ arguments: [String]) throws {
        if getuid() == 0 {
            try run("/usr/sbin/runuser", ["-u", "postgres", "--", tool] + arguments)
        } else {
            try run(tool, arguments)
        }
    }

    /// Runs a tool to its end with posix_spawn and waitpid (Foundation's Process can hang
    /// here when used from the tests' threads), its output in a file, not a pipe: the server
    /// pg_ctl starts would hold a pipe open.
    private static func run(_ tool: String, _ arguments: [String]) throws {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("marginalia-pg-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tool, &actions, nil, argv, environ)
        guard spawned == 0 else { throw StoreError.unavailable("\(tool) could not be started (error \(spawned))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            throw StoreError.unavailable("\(tool) failed (status \(status)): \(text.suffix(500))")
        }
    }

    private static func freePort() -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
