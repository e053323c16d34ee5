import Foundation
import Synchronization

/// Listens for the other replicas' change notices (`LISTEN marginalia_changes`) on a
/// connection and a thread of its own, and passes each on as a ``StoreChange``.
///
/// When the connection is lost (the database restarted, say) it reconnects every quarter
/// second; notices sent meanwhile are lost, so after reconnecting it passes on
/// ``StoreChange/resynchronise`` and the service compares what it relays with the log.
final class PostgresListener: Sendable {
    private struct State {
        var handlers: [@Sendable (StoreChange) -> Void] = []
        var stopped = false
        var connected = false
    }

    private let configuration: PostgresConfiguration
    private let channel: String
    private let origin: String
    private let state = Mutex(State())

    init(configuration: PostgresConfiguration, channel: String, origin: String) {
        self.configuration = configuration
        self.channel = channel
        self.origin = origin
        let thread = Thread.named("mg-listener") { [self] in loop() }
        thread.start()
    }

    /// Whether the listening connection is up.
    var isConnected: Bool { state.withLock { $0.connected } }

    func add(_ handler: @escaping @Sendable (StoreChange) -> Void) {
        state.withLock { $0.handlers.append(handler) }
    }

    /// Ends the loop (within half a second).
    func stop() {
        state.withLock { $0.stopped = true }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func loop() {
        var lostOnce = false
        while !isStopped {
            do {
                let connection = try PostgresConnection(parameters: configuration.connectionParameters(purpose: "listener"))
                try connection.run("LISTEN \(channel)")
                state.withLock { $0.connected = true }
                if lostOnce { emit(.resynchronise) }
                while !isStopped {
                    for notice in try connection.notifications(waiting: 0.5) where notice.channel == channel {
                        if let change = Self.change(from: notice.payload, skipping: origin) { emit(change) }
                    }
                }
            } catch {
                state.withLock { $0.connected = false }
                lostOnce = true
                if !isStopped { Thread.sleep(forTimeInterval: 0.25) }
            }
        }
        state.withLock { $0.connected = false }
    }

    private func emit(_ change: StoreChange) {
        for handler in state.withLock({ $0.handlers }) { handler(change) }
    }

    /// Reads a notice `ORIGIN KIND DOCUMENT [NUMBERS]` (``PostgresDocumentStore/notice(_:)``);
    /// nil for this store's own notices and for anything malformed.
    static func change(from payload: String, skipping origin: String) -> StoreChange? {
        let words = payload.split(separator: " ").map(String.init)
        guard words.count >= 3, words[0] != origin, DocumentID.isValid(words[2]) else { return nil }
        let id = words[2]
        let numbers = words.dropFirst(3).compactMap { Int($0) }
        switch (words[1], numbers.count) {
        case ("operations", 2): return .operations(document: id, first: numbers[0], last: numbers[1])
        case ("saved", 1): return .saved(document: id, version: numbers[0])
        case ("restored", 1): return .versionRestored(document: id, version: numbers[0])
        case ("renamed", 0): return .renamed(document: id)
        case ("trashed", 1): return .trashed(document: id, numbers[0] == 1)
        default: return nil
        }
    }
}
