import Foundation
import MarginaliaServer

/// `marginalia store migrate --from DIR --to URL`, `store verify --from LOCATION --to LOCATION`,
/// `store backup --from DIR --to DIR`, `store restore --from DIR --to DIR` and
/// `store info --store LOCATION`.
enum StoreCommand {
    static let help = """
        usage: marginalia store migrate --from DATA_DIR --to postgresql://USER@HOST:PORT/DB [--password-file FILE]
               marginalia store verify --from LOCATION --to LOCATION [--password-file FILE]
               marginalia store backup --from DATA_DIR --to BACKUP_DIR
               marginalia store restore --from BACKUP_DIR --to DATA_DIR
               marginalia store info --store LOCATION [--password-file FILE]
               marginalia store retention --store LOCATION [--password-file FILE] [--document ID]
                                          [--keep-versions N|none] [--keep-days N|none] [--trash-days N|none]
                                          [--apply]

        migrate  copies every document of the SQLite store in DATA_DIR (as `serve --data` uses
                 it, in and out of the trash) into an empty PostgreSQL database: its row, every
                 version's bytes, the whole operation log and every upload (files uploaded to
                 insert pages from, and other documents' pages copied in), so upload numbers go
                 on after the copied ones; then the people: users (their token hashes), the
                 documents' owners and shares, and the audit log. Then it runs the check of `verify` and exits 1 naming
                 the first difference. The source is only read: opened read-only, no byte of
                 the folder changes (the catalogue's -wal and -shm included); stop the server
                 first. Creates the schema when the database has none.
        verify   compares two stores (folders or postgresql:// URLs: a data folder with its
                 migrated database, a backup with its data folder, a database with its
                 pg_restore'd copy), reading both and writing neither: each
                 document's row, versions (rows and bytes), log entries and uploads (numbers
                 and bytes), then each document as the server serves it (opened with its
                 unsaved log replayed: pages with their sizes, annotations, form fields, the
                 log and the versions as the API lists them), and the people. Prints "identical" and exits 0,
                 or exits 1 naming the first difference (the document, what, and where).
        backup   copies the data folder DATA_DIR, which a server may be using, into BACKUP_DIR
                 (new or empty): the catalogue by SQLite's online backup API (the store as it
                 was at one moment), the files as that moment names them, then checks that
                 every document of the copy opens and every version reads back. A PostgreSQL
                 store is backed up with pg_dump (docs/store.md, "Backups").
        restore  copies BACKUP_DIR into DATA_DIR (new or empty) for `serve --data`, then
                 compares the two as verify does; exits 1 naming the first difference.
        info     prints the store's kind, location (never its password), schema version and
                 document counts; opening a store migrates an older schema first.
        retention
                 prints the store's retention settings (docs/store.md, "Retention"), or with
                 --document a document's, after setting what is given: keep the last N
                 versions, those of the last N days (either keeps a version; the latest and
                 signed ones always stay), and empty the trash of documents there longer than
                 N days; `none` removes a limit, and with --document `--keep-versions store`
                 returns the document to the store's settings. --apply then applies them now
                 (as `serve` does every --retention-every seconds): forgotten versions go from
                 the store bytes and all. Stop a server on a folder store first.

          --from DATA_DIR       the SQLite store's folder (must hold catalogue.sqlite)
          --to URL              the PostgreSQL database (credentials as for `serve --store`:
                                the URL, --password-file, or PGPASSWORD/PGPASSFILE/~/.pgpass)
          --store LOCATION      a folder or a postgresql:// URL
          --password-file FILE  the database password, first line of FILE
        """

    static func run(_ argv: [String]) throws {
        var arguments = Arguments(argv)
        let action = try arguments.action(expected: "migrate, verify, backup, restore, info or retention")
        switch action {
        case "migrate": try compare(&arguments, copying: true)
        case "verify": try compare(&arguments, copying: false)
        case "backup": try copyFolder(&arguments, restoring: false)
        case "restore": try copyFolder(&arguments, restoring: true)
        case "info": try info(&arguments)
        case "retention": try retention(&arguments)
        default: throw UsageError("unknown action '\(action)': expected migrate, verify, backup, restore, info or retention")
        }
    }

    /// `migrate` (`copying`): the folder, opened read-only, copied into the database (its
    /// schema created) and compared; `verify`: any two stores compared, both only read.
    private static func compare(_ arguments: inout Arguments, copying: Bool) throws {
        guard copying else { return try verify(&arguments) }
        let (from, configuration) = try sourceAndTarget(&arguments, action: "migrate")
        try reportingFailures {
            let source = try SQLiteDocumentStore(readingFrom: URL(fileURLWithPath: from))
            let target = try PostgresDocumentStore(configuration: configuration)
            defer { target.close() }
            print("Copied and checked \(try StoreMigration.copy(from: source, to: target)) from \(from) to \(configuration.redacted): identical.")
        }
    }

    /// `verify --from LOCATION --to LOCATION`: folders (a data folder, a backup) and
    /// databases, each opened only to read.
    private static func verify(_ arguments: inout Arguments) throws {
        guard let from = try arguments.option("--from") else { throw UsageError("verify needs --from LOCATION") }
        guard let to = try arguments.option("--to") else { throw UsageError("verify needs --to LOCATION") }
        let passwordFile = try arguments.option("--password-file")
        try refuseLeftovers(arguments)
        var locations: [StoreLocation] = []
        for text in [from, to] {
            let isURL = PostgresConfiguration.isURL(text)
            if !isURL, !FileManager.default.fileExists(atPath: text + "/catalogue.sqlite") {
                throw CommandFailure(description: "\(text) holds no catalogue.sqlite: not a Marginalia data folder",
                                     code: ExitCode.badInput)
            }
            do {
                locations.append(try StoreLocation(text, passwordFile: isURL ? passwordFile : nil))
            } catch {
                throw UsageError("verify: \(error)")
            }
        }
        try reportingFailures {
            let source = try locations[0].openForReading()
            let copy = try locations[1].openForReading()
            defer { source.close(); copy.close() }
            print("Compared \(try StoreMigration.verify(copy, against: source)) of \(locations[0]) with \(locations[1]): identical.")
        }
    }

    /// `backup` and `restore`: a data folder copied into a new or empty one, then checked.
    private static func copyFolder(_ arguments: inout Arguments, restoring: Bool) throws {
        let action = restoring ? "restore" : "backup"
        guard let from = try arguments.option("--from") else { throw UsageError("\(action) needs --from DIR") }
        guard let to = try arguments.option("--to") else { throw UsageError("\(action) needs --to DIR") }
        try refuseLeftovers(arguments)
        for folder in [from, to] where PostgresConfiguration.isURL(folder) {
            throw UsageError("\(action) copies data folders; back up a PostgreSQL store with pg_dump (docs/store.md, \"Backups\")")
        }
        let source = URL(fileURLWithPath: from), target = URL(fileURLWithPath: to)
        try reportingFailures {
            if restoring {
                print("Restored \(try StoreBackup.restore(from: source, to: target)) from \(from) into \(to): identical.")
            } else {
                print("Backed up \(try StoreBackup.backUp(from: source, to: target)) from \(from) into \(to); every document opens.")
            }
        }
    }

    /// The `--from` folder and the `--to` database of `migrate`.
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

    /// `retention`: shows and sets the store's or a document's settings, and applies them.
    private static func retention(_ arguments: inout Arguments) throws {
        guard let text = try arguments.option("--store") else { throw UsageError("retention needs --store LOCATION") }
        let passwordFile = try arguments.option("--password-file")
        let document = try arguments.option("--document")
        let keepVersions = try arguments.option("--keep-versions")
        let keepDays = try arguments.option("--keep-days")
        let trashDays = try arguments.option("--trash-days")
        let apply = arguments.flag("--apply")
        try refuseLeftovers(arguments)
        if document != nil && trashDays != nil { throw UsageError("--trash-days is the store's: not with --document") }
        func limit(_ name: String, _ value: String?, _ current: Int?, minimum: Int) throws -> Int? {
            guard let value else { return current }
            if value == "none" { return nil }
            guard let number = Int(value), number >= minimum else {
                throw UsageError("\(name): '\(value)' is not a whole number of at least \(minimum), or none")
            }
            return number
        }
        try reportingFailures {
            let store = try StoreLocation(text, passwordFile: passwordFile).open()
            defer { store.close() }
            if let document {
                if keepVersions == "store" {
                    try store.setRetention(of: document, nil)
                } else if keepVersions != nil || keepDays != nil {
                    let own = try store.retention(of: document) ?? RetentionPolicy()
                    try store.setRetention(of: document, RetentionPolicy(
                        keepVersions: try limit("--keep-versions", keepVersions, own.keepVersions, minimum: 1),
                        keepDays: try limit("--keep-days", keepDays, own.keepDays, minimum: 0)))
                }
                let own = try store.retention(of: document)
                let applies = try own ?? store.retention().versions
                print("document \(document): \(describe(applies))\(own == nil ? " (the store's)" : "")")
            } else {
                var settings = try store.retention()
                settings.versions.keepVersions = try limit("--keep-versions", keepVersions, settings.versions.keepVersions, minimum: 1)
                settings.versions.keepDays = try limit("--keep-days", keepDays, settings.versions.keepDays, minimum: 0)
                settings.trashDays = try limit("--trash-days", trashDays, settings.trashDays, minimum: 0)
                if keepVersions != nil || keepDays != nil || trashDays != nil { try store.setRetention(settings) }
                print("store: \(describe(settings.versions)); trash emptied after \(settings.trashDays.map { "\($0) day(s)" } ?? "never")")
            }
            guard apply else { return }
            let report = try DocumentService(store: store).saving.applyRetention()
            AuditLog(store: store as? any AuditStore).record(report, by: Caller(name: "cli", role: .admin))
            for pruned in report.pruned {
                print("document \(pruned.document): forgot version(s) \(pruned.versions.map(String.init).joined(separator: ", ")), \(pruned.bytesRemoved) bytes")
            }
            for id in report.emptiedFromTrash { print("document \(id): removed from the trash for good") }
            for (id, reason) in report.failed.sorted(by: { $0.key < $1.key }) { print("document \(id): not pruned: \(reason)") }
            if !report.failed.isEmpty { throw CommandFailure(description: "\(report.failed.count) document(s) not pruned", code: ExitCode.badInput) }
        }
    }

    private static func describe(_ policy: RetentionPolicy) -> String {
        guard !policy.keepsEverything else { return "every version kept" }
        return [policy.keepVersions.map { "the last \($0) version(s)" }, policy.keepDays.map { "versions of the last \($0) day(s)" }]
            .compactMap { $0 }.joined(separator: " and ") + " kept, with the latest and signed ones"
    }

    private static func refuseLeftovers(_ arguments: Arguments) throws {
        if let extra = arguments.items.first { throw UsageError("unexpected '\(extra)'") }
    }
}
