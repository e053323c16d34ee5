import Foundation
import MarginaliaServer

/// `marginalia store migrate --from DIR --to URL`, `marginalia store verify --from DIR --to URL`
/// and `marginalia store info --store LOCATION`.
enum StoreCommand {
    static let help = """
        usage: marginalia store migrate --from DATA_DIR --to postgresql://USER@HOST:PORT/DB [--password-file FILE]
               marginalia store verify --from DATA_DIR --to postgresql://USER@HOST:PORT/DB [--password-file FILE]
               marginalia store info --store LOCATION [--password-file FILE]

        migrate  copies every document of the SQLite store in DATA_DIR (as `serve --data` uses
                 it, in and out of the trash) into an empty PostgreSQL database: its row, every
                 version's bytes, the whole operation log and every upload (files uploaded to
                 insert pages from, and other documents' pages copied in), so upload numbers go
                 on after the copied ones; then the people: users (their token hashes), the
                 documents' owners and shares, and the audit log. Then it runs the check of `verify` and exits 1 naming
                 the first difference. The source is only read: opened read-only, no byte of
                 the folder changes (the catalogue's -wal and -shm included); stop the server
                 first. Creates the schema when the database has none.
        verify   compares DATA_DIR with the database, reading both and writing neither: each
                 document's row, versions (rows and bytes), log entries and uploads (numbers
                 and bytes), then each document as the server serves it (opened with its
                 unsaved log replayed: pages with their sizes, annotations, form fields, the
                 log and the versions as the API lists them), and the people. Prints "identical" and exits 0,
                 or exits 1 naming the first difference (the document, what, and where).
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
            throw UsageError("expected an action: migrate, verify or info")
        }
        arguments = Arguments(Array(arguments.items.dropFirst()))
        switch action {
        case "migrate": try compare(&arguments, copying: true)
        case "verify": try compare(&arguments, copying: false)
        case "info": try info(&arguments)
        default: throw UsageError("unknown action '\(action)': expected migrate, verify or info")
        }
    }

    /// `migrate` (`copying`) and `verify`: the folder, opened read-only, against the database,
    /// which `migrate` fills (creating its schema) and `verify` only reads.
    private static func compare(_ arguments: inout Arguments, copying: Bool) throws {
        let (from, configuration) = try sourceAndTarget(&arguments, action: copying ? "migrate" : "verify")
        try reportingFailures {
            let source = try SQLiteDocumentStore(readingFrom: URL(fileURLWithPath: from))
            let target = try copying ? PostgresDocumentStore(configuration: configuration)
                : PostgresDocumentStore(readingFrom: configuration)
            defer { target.close() }
            let to = configuration.redacted
            if copying {
                print("Copied and checked \(try StoreMigration.copy(from: source, to: target)) from \(from) to \(to): identical.")
            } else {
                print("Compared \(try StoreMigration.verify(target, against: source)) of \(from) with \(to): identical.")
            }
        }
    }

    /// The `--from` folder and the `--to` database of `migrate` and `verify`.
    private static func sourceAndTarget(_ arguments: inout Arguments, action: String) throws
        -> (from: String, to: PostgresConfiguration) {
        guard let from = try arguments.option("--from") else { throw UsageError("\(action) needs --from DATA_DIR") }
        guard let to = try arguments.option("--to") else { throw UsageError("\(action) needs --to postgresql://...") }
        let passwordFile = try arguments.option("--password-file")
        try refuseLeftovers(arguments)
        guard FileManager.default.fileExists(atPath: from + "/catalogue.sqlite") else {
            throw CommandFailure(description: "\(from) holds no catalogue.sqlite: not a Marginalia data folder",
                                 code: ExitCode.badInput)
        }
        guard PostgresConfiguration.isURL(to) else { throw UsageError("--to must be a postgresql:// URL") }
        do {
            return (from, try PostgresConfiguration(url: to, passwordFile: passwordFile))
        } catch {
            throw UsageError("--to: \(error)")
        }
    }

    /// Runs `body`, turning a store's failure or a difference into exit status 1.
    private static func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as StoreError {
            throw CommandFailure(description: "\(error)", code: ExitCode.badInput)
        } catch let difference as StoreDifference {
            throw CommandFailure(description: "the copy differs from the source: \(difference)", code: ExitCode.badInput)
        }
    }

    private static func info(_ arguments: inout Arguments) throws {
        guard let text = try arguments.option("--store") else { throw UsageError("info needs --store LOCATION") }
        let passwordFile = try arguments.option("--password-file")
        try refuseLeftovers(arguments)
        try reportingFailures {
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
        }
    }

    private static func refuseLeftovers(_ arguments: Arguments) throws {
        if let extra = arguments.items.first { throw UsageError("unexpected '\(extra)'") }
    }
}
