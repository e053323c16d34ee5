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
final class PostgresPool: Sendable {
    private struct Connections {
        var idle: [PostgresConnection] = []
        /// Connections open, idle or lent.
        var opened = 0
        var closed = false
    }

    /// What a caller asking for a connection gets.
    private enum Lending {
        case idle(PostgresConnection)
        /// Room to open one (already counted in `opened`).
        case open
        case closed
    }

    private let configuration: PostgresConfiguration
    private let connections = Waitable(Connections())
    private let threadKey = "marginalia.postgres.\(UUID().uuidString)"

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
        connections.withLock { connections in
            connections.closed = true
            connections.opened -= connections.idle.count
            connections.idle.removeAll()
        }
        connections.broadcast()
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
        let maximum = configuration.maximumConnections
        // After a second without a connection given back, one more is opened past the maximum.
        let lending = connections.wait(until: Date().addingTimeInterval(1)) { connections -> Lending? in
            if connections.closed { return .closed }
            if !fresh, let connection = connections.idle.popLast() { return .idle(connection) }
            guard connections.opened < maximum else { return nil }
            connections.opened += 1
            return .open
        } ?? connections.withLock { connections -> Lending in
            connections.opened += 1
            return .open
        }
        switch lending {
        case .closed:
            throw StoreError.unavailable("the store is closed")
        case .idle(let connection):
            connection.reused = true
            connection.statementsSinceCheckout = 0
            return connection
        case .open:
            do {
                let connection = try PostgresConnection(parameters: configuration.connectionParameters(purpose: "store"))
                try connection.run("SET synchronous_commit = on")
                return connection
            } catch {
                connections.withLock { $0.opened -= 1 }
                connections.signal()
                throw error
            }
        }
    }

    private func checkIn(_ connection: PostgresConnection) {
        if connection.inTransaction && !connection.isBroken { try? connection.run("ROLLBACK") }
        let maximum = configuration.maximumConnections
        let keep = connection.isIdle
        connections.withLock { connections in
            if keep && !connections.closed && connections.opened <= maximum {
                connections.idle.append(connection)
            } else {
                connections.opened -= 1
            }
        }
        connections.signal()
    }
}
