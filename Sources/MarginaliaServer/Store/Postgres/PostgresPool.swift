import Foundation

/// The connections of a ``PostgresDocumentStore``: opened when needed up to a maximum, each
/// used by one thread at a time. The maximum is soft: a thread that waited a second for a
/// connection gets a new one beyond it, because a thread may hold a connection while it waits
/// for a document's lock whose holder needs a connection (a commit catching up while a
/// request reads the log), and waiting forever there would be a deadlock.
///
/// A thread that already holds a connection of this pool (inside ``withConnection(_:)``)
/// gets the same one again, so a store call made from inside another's transaction joins
/// it. After the database restarted, idle connections are dead without knowing it: when the
/// first statement on a reused connection fails because the connection is lost, the call is
/// run once more on a new connection, if running it twice is harmless (`idempotent`: a
/// read, a `BEGIN`, a chunk written under a new key). A statement that commits by itself is
/// not run again: the server may have committed it before the connection broke.
final class PostgresPool: @unchecked Sendable {
    private let configuration: PostgresConfiguration
    private let condition = NSCondition()
    private var idle: [PostgresConnection] = []
    private var opened = 0
    private let threadKey = "marginalia.postgres.\(UUID().uuidString)"
    private var closed = false

    init(configuration: PostgresConfiguration) {
        self.configuration = configuration
    }

    /// Runs `body` with a connection (this thread's current one when it has one).
    func withConnection<T>(idempotent: Bool = true, _ body: (PostgresConnection) throws -> T) throws -> T {
        if let current = Thread.current.threadDictionary[threadKey] as? PostgresConnection {
            return try body(current)
        }
        var connection = try checkOut()
        do {
            return try run(body, on: connection)
        } catch StoreError.unavailable
                    where idempotent && connection.reused && connection.statementsSinceCheckout <= 1 && connection.isBroken {
            // `run` checked the dead connection in, which dropped it.
            connection = try checkOut(fresh: true)
            return try run(body, on: connection)
        }
    }

    /// Runs `body` in a transaction, committed when it returns and rolled back when it throws;
    /// inside a transaction of this thread, `body` joins it.
    func transaction<T>(_ begin: String = "BEGIN", _ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { connection in
            if connection.inTransaction { return try body(connection) }
            try connection.run(begin)
            do {
                let result = try body(connection)
                try connection.run("COMMIT")
                return result
            } catch {
                if !connection.isBroken { try? connection.run("ROLLBACK") }
                throw error
            }
        }
    }

    /// Closes the idle connections; connections in use close when returned.
    func close() {
        condition.withLock {
            closed = true
            opened -= idle.count
            idle.removeAll()
            condition.broadcast()
        }
    }

    // MARK: - Checking out and in

    private func run<T>(_ body: (PostgresConnection) throws -> T, on connection: PostgresConnection) throws -> T {
        Thread.current.threadDictionary[threadKey] = connection
        defer {
            Thread.current.threadDictionary[threadKey] = nil
            checkIn(connection)
        }
        return try body(connection)
    }

    private func checkOut(fresh: Bool = false) throws -> PostgresConnection {
        let deadline = Date().addingTimeInterval(1)
        condition.lock()
        while true {
            if closed {
                condition.unlock()
                throw StoreError.unavailable("the store is closed")
            }
            if !fresh, let connection = idle.popLast() {
                condition.unlock()
                connection.reused = true
                connection.statementsSinceCheckout = 0
                return connection
            }
            if opened < configuration.maximumConnections { break }
            if !condition.wait(until: deadline) { break }
        }
        opened += 1
        condition.unlock()
        do {
            let connection = try PostgresConnection(parameters: configuration.connectionParameters(purpose: "store"))
            try connection.run("SET synchronous_commit = on")
            return connection
        } catch {
            condition.withLock {
                opened -= 1
                condition.signal()
            }
            throw error
        }
    }

    private func checkIn(_ connection: PostgresConnection) {
        if connection.inTransaction && !connection.isBroken { try? connection.run("ROLLBACK") }
        condition.withLock {
            if connection.isIdle && !closed && opened <= configuration.maximumConnections {
                idle.append(connection)
            } else {
                opened -= 1
            }
            condition.signal()
        }
    }
}
