import CLibPQ
import Foundation

/// A value bound to a PostgreSQL statement: text-format parameters, except bytes, which go
/// in binary format (no escaping of PDF data).
enum PostgresValue {
    case null
    case text(String)
    case integer(Int)
    /// Sent as Swift's shortest round-tripping decimal, which PostgreSQL reads back exactly.
    case real(Double)
    case bytes(Data)
}

/// One result row; text columns unless the statement asked for binary results.
struct PostgresRow {
    fileprivate let cells: [Data?]

    /// A column as text (nil for NULL).
    func text(_ index: Int) -> String? {
        guard index < cells.count, let cell = cells[index] else { return nil }
        return String(decoding: cell, as: UTF8.self)
    }

    func integer(_ index: Int) -> Int? { text(index).flatMap { Int($0) } }
    func real(_ index: Int) -> Double? { text(index).flatMap { Double($0) } }
    /// A column's bytes as sent (a bytea column of a binary result).
    func bytes(_ index: Int) -> Data? { index < cells.count ? cells[index] : nil }
}

/// One libpq connection. Not thread-safe: ``PostgresPool`` hands it to one thread at a time.
///
/// Statements run as prepared statements, prepared once per connection and text of SQL.
/// Errors become ``StoreError``: a lost or refused connection (SQLSTATE class 08, a server
/// shutting down or starting up) is ``StoreError/unavailable(_:)``; anything else
/// ``StoreError/postgres(sqlState:message:statement:)``.
// @unchecked: libpq's connection is used by one thread at a time; the pool lends each to one
// caller, and the listener keeps its own.
final class PostgresConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    private var prepared: [String: String] = [:]
    /// Statements run since the pool handed the connection out.
    var statementsSinceCheckout = 0
    /// Whether the connection served an earlier checkout (a fresh one cannot be stale).
    var reused = false

    /// Connects with libpq's keyword/value parameters (`dbname` may be a URL, which libpq
    /// expands; later keywords override what it holds).
    init(parameters: [(String, String)]) throws {
        let keywords = parameters.map { strdup($0.0) } + [nil]
        let values = parameters.map { strdup($0.1) } + [nil]
        defer {
            keywords.forEach { free($0) }
            values.forEach { free($0) }
        }
        let connection = keywords.map { UnsafePointer($0) }.withUnsafeBufferPointer { keys in
            values.map { UnsafePointer($0) }.withUnsafeBufferPointer { vals in
                PQconnectdbParams(keys.baseAddress, vals.baseAddress, 1)
            }
        }
        guard let connection else { throw StoreError.unavailable("libpq could not allocate a connection") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.trimmed(PQerrorMessage(connection))
            PQfinish(connection)
            throw StoreError.unavailable("cannot connect: \(message)")
        }
        // Notices ("relation already exists, skipping") are not errors: not printed.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        handle = connection
    }

    deinit {
        PQfinish(handle)
    }

    /// Whether the connection is usable (not lost, not inside a transaction).
    var isIdle: Bool { !isBroken && PQtransactionStatus(handle) == PQTRANS_IDLE }
    /// Whether the connection was lost (or a statement failed as if it had been).
    var isBroken: Bool { lost || PQstatus(handle) != CONNECTION_OK }
    /// Set when a statement failed without an answer from the server.
    private var lost = false
    /// Whether a transaction is open.
    var inTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }
    /// The socket, for waiting on notifications.
    var socket: Int32 { PQsocket(handle) }

    /// Runs SQL without parameters through the simple protocol (several statements allowed).
    func run(_ sql: String) throws {
        statementsSinceCheckout += 1
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql)
    }

    /// Runs one statement with parameters and returns its rows (binary cells when
    /// `binaryResult`, for bytea columns).
    @discardableResult
    func query(_ sql: String, _ parameters: [PostgresValue] = [], binaryResult: Bool = false) throws -> [PostgresRow] {
        statementsSinceCheckout += 1
        let name = try statementName(sql, parameterCount: parameters.count)
        var owned: [UnsafeMutablePointer<CChar>?] = []
        var datas: [Data] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        for value in parameters {
            switch value {
            case .null: owned.append(nil); lengths.append(0); formats.append(0)
            case .text(let text): owned.append(strdup(text)); lengths.append(0); formats.append(0)
            case .integer(let number): owned.append(strdup(String(number))); lengths.append(0); formats.append(0)
            case .real(let number): owned.append(strdup("\(number)")); lengths.append(0); formats.append(0)
            case .bytes(let data):
                owned.append(nil)
                datas.append(data)
                lengths.append(Int32(data.count))
                formats.append(1)
            }
        }
        defer { owned.forEach { free($0) } }
        // Bytes are passed as pointers into copies that live until the call returns.
        let result: OpaquePointer? = withByteParameters(datas) { bytePointers in
            var next = 0
            let values: [UnsafePointer<CChar>?] = parameters.enumerated().map { index, value in
                if case .bytes = value {
                    defer { next += 1 }
                    return bytePointers[next]
                }
                return owned[index].map { UnsafePointer($0) }
            }
            return PQexecPrepared(handle, name, Int32(parameters.count), values, lengths, formats, binaryResult ? 1 : 0)
        }
        defer { PQclear(result) }
        try check(result, sql)
        return rows(of: result)
    }

    /// Waits up to `timeout` seconds for input and returns the notifications received as
    /// (channel, payload).
    ///
    /// - Throws: ``StoreError/unavailable(_:)`` when the connection is lost.
    func notifications(waiting timeout: Double) throws -> [(channel: String, payload: String)] {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(timeout * 1000))
        guard PQconsumeInput(handle) == 1 else {
            throw StoreError.unavailable("the change feed's connection was lost: \(Self.trimmed(PQerrorMessage(handle)))")
        }
        var received: [(String, String)] = []
        while let notice = PQnotifies(handle) {
            received.append((String(cString: notice.pointee.relname), String(cString: notice.pointee.extra)))
            PQfreemem(notice)
        }
        if isBroken { throw StoreError.unavailable("the change feed's connection was lost") }
        return received
    }

    // MARK: - Helpers

    private func statementName(_ sql: String, parameterCount: Int) throws -> String {
        if let name = prepared[sql] { return name }
        let name = "m\(prepared.count + 1)"
        let result = PQprepare(handle, name, sql, Int32(parameterCount), nil)
        defer { PQclear(result) }
        try check(result, sql)
        prepared[sql] = name
        return name
    }

    private func withByteParameters<T>(_ datas: [Data], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        var buffers: [UnsafeMutablePointer<CChar>] = []
        defer { buffers.forEach { $0.deallocate() } }
        for data in datas {
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, data.count))
            data.withUnsafeBytes { raw in
                if let base = raw.baseAddress { buffer.update(from: base.assumingMemoryBound(to: CChar.self), count: data.count) }
            }
            buffers.append(buffer)
        }
        return body(buffers.map { UnsafePointer($0) })
    }

    private func rows(of result: OpaquePointer?) -> [PostgresRow] {
        guard let result else { return [] }
        let count = PQntuples(result)
        let columns = PQnfields(result)
        var rows: [PostgresRow] = []
        rows.reserveCapacity(Int(count))
        for row in 0..<count {
            var cells: [Data?] = []
            cells.reserveCapacity(Int(columns))
            for column in 0..<columns {
                if PQgetisnull(result, row, column) == 1 {
                    cells.append(nil)
                } else {
                    let length = Int(PQgetlength(result, row, column))
                    cells.append(Data(bytes: PQgetvalue(result, row, column), count: length))
                }
            }
            rows.append(PostgresRow(cells: cells))
        }
        return rows
    }

    private func check(_ result: OpaquePointer?, _ sql: String) throws {
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK else { return }
        let state = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) } ?? ""
        let text = result.flatMap { PQresultErrorMessage($0) }.map { String(cString: $0) } ?? ""
        let message = text.isEmpty ? Self.trimmed(PQerrorMessage(handle)) : Self.trimmed(text)
        // No SQLSTATE means libpq's own failure, not the server's answer: the connection broke
        // ("server closed the connection unexpectedly") or never was.
        if isBroken || state.isEmpty || state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state) {
            if state.isEmpty { lost = true }
            throw StoreError.unavailable(message.isEmpty ? "the connection to PostgreSQL was lost" : message)
        }
        throw StoreError.postgres(sqlState: state, message: message, statement: sql)
    }

    private static func trimmed(_ text: UnsafePointer<CChar>?) -> String {
        trimmed(text.map { String(cString: $0) } ?? "")
    }

    /// One line: libpq's messages span lines (a hint on the next one, indented by a tab).
    private static func trimmed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
