import Foundation
import MarginaliaServer

/// `marginalia store migrate --from DIR --to URL` and `marginalia store info --store LOCATION`.
enum StoreCommand {
    static let help = """
        usage: marginalia store migrate --from DATA_DIR --to postgresql://USER@HOST:PORT/DB [--password-file FILE]
               marginalia store info --store LOCATION [--password-file FILE]

        migrate  copies every document of the SQLite store in DATA_DIR (as `serve --data` uses
                 it, in and out of the trash) into an empty PostgreSQL database: rows, every
                 version's bytes and the whole operation log, then reads the copy back and
                 compares it with the source (rows, version numbers, lengths, revisions and
                 bytes, log entries); exits 1 naming the first difference. The source is only
                 read. Creates the schema when the database has none.
        info     prints the store's kind, location (never its password), schema version and
                 document counts; opening a store migrates an older schema first.

          --from DATA_DIR       the SQLite store's folder (must hold catalogue.sqlite)
          --to URL              the PostgreSQL database (credentials as for `serve --store`:
                                the URL, --password-file, or PGPASSWORD/PGPASSFILE/~/.pgpass)
          --store LOCATION      a folder or a postgresql:// URL
          --password-file FILE  the database password, first line of FILE
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        guard let action = arguments.items.first, !action.hasPrefix("-") else {
            throw UsageError("expected an action: migrate or info")
        }
        arguments = Arguments(Array(arguments.items.dropFirst()))
        switch action {
        case "migrate": try migrate(&arguments)
        case "info": try info(&arguments)
        default: throw UsageError("unknown action '\(action)': expected migrate or info")
        }
    }

    private static func migrate(_ arguments: inout Arguments) throws {
        guard let from = try arguments.option("--from") else { throw UsageError("migrate needs --from DATA_DIR") }
        guard let to = try arguments.option("--to") else { throw UsageError("migrate needs --to postgresql://...") }
        let passwordFile = try arguments.option("--password-file")
        try refuseLeftovers(arguments)
        guard FileManager.default.fileExists(atPath: from + "/catalogue.sqlite") else {
            throw CommandFailure(description: "\(from) holds no catalogue.sqlite: not a Marginalia data folder",
                                 code: ExitCode.badInput)
        }
        guard PostgresConfiguration.isURL(to) else { throw UsageError("--to must be a postgresql:// URL") }
        let configuration: PostgresConfiguration
        do {
            configuration = try PostgresConfiguration(url: to, passwordFile: passwordFile)
        } catch {
            throw UsageError("--to: \(error)")
        }
        do {
            let source = try SQLiteDocumentStore(directory: URL(fileURLWithPath: from))
            let target = try PostgresDocumentStore(configuration: configuration)
            defer { target.close() }
            let report = try StoreMigration.copy(from: source, to: target)
            print("Copied and checked \(report) from \(from) to \(configuration.redacted): identical.")
        } catch let error as StoreError {
            throw CommandFailure(description: "\(error)", code: ExitCode.badInput)
        }
    }

    private static func info(_ arguments: inout Arguments) throws {
        guard let text = try arguments.option("--store") else { throw UsageError("info needs --store LOCATION") }
        let passwordFile = try arguments.option("--password-file")
        try refuseLeftovers(arguments)
        do {
            let location = try StoreLocation(text, passwordFile: passwordFile)
            if case .folder(let url) = location,
               !FileManager.default.fileExists(atPath: url.appendingPathComponent("catalogue.sqlite").path) {
                throw CommandFailure(description: "\(url.path) holds no catalogue.sqlite", code: ExitCode.badInput)
            }
            let store = try location.open()
            defer { store.close() }
            let kind = store.isShared ? "postgresql" : "sqlite"
            let schema = try (store as? PostgresDocumentStore)?.schemaVersion ?? SQLiteDocumentStore.schemaVersion
            print("store: \(kind) \(store.location)")
            print("schema version: \(schema)")
            print("documents: \(try store.documents(trashed: false).count), in the trash: \(try store.documents(trashed: true).count)")
        } catch let error as StoreError {
            throw CommandFailure(description: "\(error)", code: ExitCode.badInput)
        }
    }

    private static func refuseLeftovers(_ arguments: Arguments) throws {
        if let extra = arguments.items.first { throw UsageError("unexpected '\(extra)'") }
    }
}
