import CSQLite
import Foundation

/// A value bound to, or read from, an SQLite statement.
enum SQLiteValue: Equatable {
    case null
    case integer(Int)
    case real(Double)
    case text(String)

    var integerValue: Int? {
        switch self {
        case .integer(let value): return value
        case .real(let value): return Int(exactly: value)
        default: return nil
        }
    }

    var realValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .real(let value): return value
        default: return nil
        }
    }

    var textValue: String? {
        if case .text(let value) = self { return value }
        return nil
    }
}

/// One result row, by column position.
struct SQLiteRow {
    let values: [SQLiteValue]

    subscript(_ index: Int) -> SQLiteValue {
        index < values.count ? values[index] : .null
    }
}

/// A prepared statement; finalised when released.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let sql: String
    private unowned let database: SQLiteDatabase

    init(_ statement: OpaquePointer, sql: String, database: SQLiteDatabase) {
        self.statement = statement
        self.sql = sql
        self.database = database
    }

    deinit {
        sqlite3_finalize(statement)
    }

    /// SQLite copies bound text at once (SQLITE_TRANSIENT), so Swift strings may go away.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    func bind(_ parameters: [SQLiteValue]) throws {
        for (offset, value) in parameters.enumerated() {
            let position = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(statement, position)
            case .integer(let number): code = sqlite3_bind_int64(statement, position, Int64(number))
            case .real(let number): code = sqlite3_bind_double(statement, position, number)
            case .text(let text): code = sqlite3_bind_text(statement, position, text, -1, Self.transient)
            }
            guard code == SQLITE_OK else { throw failure(code) }
        }
    }

    /// Advances to the next row; false when done.
    func step() throws -> Bool {
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw failure(code)
        }
    }

    /// Makes the statement ready to run again with new bindings.
    func reset() throws {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    /// The current row's values.
    func row() -> SQLiteRow {
        let count = sqlite3_column_count(statement)
        var values: [SQLiteValue] = []
        values.reserveCapacity(Int(count))
        for column in 0..<count {
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER: values.append(.integer(Int(sqlite3_column_int64(statement, column))))
            case SQLITE_FLOAT: values.append(.real(sqlite3_column_double(statement, column)))
            case SQLITE_NULL: values.append(.null)
            default:
                let text = sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
                values.append(.text(text))
            }
        }
        return SQLiteRow(values: values)
    }

    private func failure(_ code: Int32) -> StoreError {
        .sqlite(code: code, message: database.lastMessage, statement: sql)
    }
}
