import CSQLite
import Foundation

/// A thin wrapper over one SQLite connection. Not thread-safe by itself: ``DocumentStore``
/// serialises every use behind its lock, because a transaction spans several statements
/// and SQLite's own mutex guards only single calls.
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    private var transactionDepth = 0
    let path: String

    /// Opens (creating when missing) the database at `path`.
    init(path: String) throws {
        self.path = path
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
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
        sqlite3_close_v2(handle)
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

    /// Runs one statement that returns no rows.
    func run(_ sql: String, _ parameters: [SQLiteValue] = []) throws {
        let statement = try prepare(sql, parameters)
        while try statement.step() {}
    }

    /// Runs one statement and returns every row.
    func rows(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> [SQLiteRow] {
        let statement = try prepare(sql, parameters)
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
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    var lastMessage: String {
        handle.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection"
    }
}
