import CSQLite
import Foundation

/// A thin wrapper over one SQLite connection. Not thread-safe by itself: ``DocumentStore``
/// serialises every use behind its lock, because a transaction spans several statements
/// and SQLite's own mutex guards only single calls.
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    private var transactionDepth = 0
    /// Statements prepared once and kept, by their SQL (``reusing(_:_:)``).
    private var kept: [String: SQLiteStatement] = [:]
    let path: String

    /// Opens (creating when missing) the database at `path`.
    convenience init(path: String) throws {
        try self.init(path: path, name: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX)
    }

    /// Opens the database at `path` to read it, writing no byte of it, of its write-ahead log
    /// (`-wal`) or of its shared-memory index (`-shm`), and making neither (`store migrate`).
    ///
    /// A read-only connection still takes read marks in the index and creates a log that is
    /// missing, so: without a log, every committed transaction is in the file itself, which is
    /// read as immutable (no locks, no log); with a log and its index, the index is opened
    /// read-only (`readonly_shm`: SQLite reads the log into a private index when it must).
    /// Nothing else may write the database meanwhile (the server is stopped).
    ///
    /// - Throws: ``StoreError/invalidRequest(_:)`` for a log without its index (reading it would
    ///   make one), ``StoreError/sqlite(code:message:statement:)`` when it cannot be opened.
    convenience init(readingOnly path: String) throws {
        let files = FileManager.default
        let hasLog = files.fileExists(atPath: path + "-wal")
        if hasLog && !files.fileExists(atPath: path + "-shm") {
            throw StoreError.invalidRequest(
                "\(path)-wal has no \(path)-shm beside it: open the store once with `marginalia store info` to fold the log in")
        }
        let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        let name = "file:\(escaped)?mode=ro&" + (hasLog ? "readonly_shm=1" : "immutable=1")
        try self.init(path: path, name: name, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_FULLMUTEX)
    }

    private init(path: String, name: String, flags: Int32) throws {
        self.path = path
        let code = sqlite3_open_v2(name, &handle, flags, nil)
        guard code == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(handle)
            handle = nil
            throw StoreError.sqlite(code: code, message: message, statement: "open \(path)")
        }
        sqlite3_busy_timeout(handle, 5_000)
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        kept.removeAll()  // finalised before the connection closes
        sqlite3_close_v2(handle)
    }

    /// Copies the database at `source` into a new database at `destination` with SQLite's
    /// online backup API, in one step: one read transaction, so the copy is the database as it
    /// was at one moment, whatever another process (a running server) commits meanwhile.
    ///
    /// - Throws: ``StoreError/sqlite(code:message:statement:)`` naming the step that failed.
    static func backUp(_ source: String, to destination: String) throws {
        let from = try SQLiteDatabase(path: source, name: source, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_FULLMUTEX)
        let to = try SQLiteDatabase(path: destination)
        guard let backup = sqlite3_backup_init(to.handle, "main", from.handle, "main") else {
            throw StoreError.sqlite(code: SQLITE_ERROR, message: to.lastMessage, statement: "backup \(source) to \(destination)")
        }
        var code = SQLITE_OK
        repeat {
            code = sqlite3_backup_step(backup, -1)
            // Another connection holds a lock for a moment: wait as the busy timeout would.
            if code == SQLITE_BUSY || code == SQLITE_LOCKED { usleep(20_000) }
        } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
        let finished = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE, finished == SQLITE_OK else {
            throw StoreError.sqlite(code: code == SQLITE_DONE ? finished : code, message: to.lastMessage,
                                    statement: "backup \(source) to \(destination)")
        }
    }

    /// Runs SQL that returns no rows (one or several statements, no parameters).
    func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &error)
        guard code == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(error)
            throw StoreError.sqlite(code: code, message: message, statement: sql)
        }
    }

    /// Prepares one statement with its parameters bound in order.
    func prepare(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw StoreError.sqlite(code: code, message: lastMessage, statement: sql)
        }
        let prepared = SQLiteStatement(statement, sql: sql, database: self)
        try prepared.bind(parameters)
        return prepared
    }

    /// Statement `sql`, prepared the first time and kept for the connection's life, reset and
    /// with `parameters` bound. For the statements of every edit (the log's append reads the
    /// document's row, inserts, updates, in a transaction): preparing one anew cost SQLite's
    /// parser about 57,000 instructions, more than running it (docs/benchmarks.md). Only for
    /// SQL written in the source, never built from values: every distinct text stays.
    func reusing(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> SQLiteStatement {
        let statement: SQLiteStatement
        if let held = kept[sql] {
            statement = held
            try statement.reset()  // a run that failed half-way left it busy
        } else {
            statement = try prepare(sql)
            kept[sql] = statement
        }
        try statement.bind(parameters)
        return statement
    }

    /// Runs one statement that returns no rows (`reused`: a statement of every edit, see
    /// ``reusing(_:_:)``).
    func run(_ sql: String, _ parameters: [SQLiteValue] = [], reused: Bool = false) throws {
        let statement = try reused ? reusing(sql, parameters) : prepare(sql, parameters)
        while try statement.step() {}
    }

    /// Runs one statement and returns every row (`reused`: a statement of every edit, see
    /// ``reusing(_:_:)``).
    func rows(_ sql: String, _ parameters: [SQLiteValue] = [], reused: Bool = false) throws -> [SQLiteRow] {
        let statement = try reused ? reusing(sql, parameters) : prepare(sql, parameters)
        var rows: [SQLiteRow] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    /// Runs `body` in one immediate transaction: committed when it returns, rolled back when
    /// it throws.
    ///
    /// Inside another transaction on this connection, `body` simply joins it.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        guard transactionDepth == 0 else {
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            return try body()
        }
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        try run("BEGIN IMMEDIATE", reused: true)
        do {
            let result = try body()
            try run("COMMIT", reused: true)
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Rebuilds the database so that no byte of a deleted row is left in it (`VACUUM`: free
    /// pages, and the unused parts of pages, go), then copies the write-ahead log into it and
    /// empties the log (`wal_checkpoint(TRUNCATE)`), whose frames hold the pages as they were.
    /// Outside a transaction only.
    ///
    /// - Throws: ``StoreError/unavailable(_:)`` when a reader (a backup) keeps the log from
    ///   being emptied for five seconds; SQLite's errors.
    func clearFreedSpace() throws {
        try execute("VACUUM")
        for attempt in 0..<50 {
            // busy, frames in the log, frames copied: (0, 0, 0) once the log is empty.
            let result = try rows("PRAGMA wal_checkpoint(TRUNCATE)").first
            if result?[0].integerValue == 0 && result?[1].integerValue ?? 0 <= 0 { return }
            if attempt < 49 { Thread.sleep(forTimeInterval: 0.1) }
        }
        throw StoreError.unavailable("the write-ahead log of \(path) could not be emptied: another reader held it for 5 seconds")
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    var lastMessage: String {
        handle.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection"
    }
}
