import Foundation
import Synchronization

/// The subscribers of each document, and the order their events go out in.
///
/// Operation events reach a document's subscribers in revision order, each once, without a
/// gap: an entry at or below the newest one delivered is dropped, and when an entry comes
/// after a gap (another replica's entries whose notice has not arrived yet) the missing ones
/// are fetched from the log first. Entries reach the hub from this process's commits and,
/// in a shared store, from the other replicas' notices, in whatever order those race.
///
/// Two locks, never one inside the other's holder's callbacks: the hub's `state` (who listens
/// and what they heard, held only briefly) and each document's `delivery` (held while its
/// events go out, so they never interleave). Handlers run holding only `delivery`: they may
/// subscribe and unsubscribe (which take only `state`), and must not publish.
///
/// Every handler of a document gets the same ``SharedEvent`` for one event, so what one
/// subscriber encodes of it (an event stream's frame) the others reuse.
final class EventHub: Sendable {
    typealias Handler = @Sendable (DocumentEvent) -> Void
    /// A handler that receives the event as shared by every subscriber.
    typealias SharedHandler = @Sendable (SharedEvent) -> Void
    /// Fetches a document's entries after one revision up to another (both included at the top).
    typealias Fetch = (_ after: Int, _ through: Int) throws -> [LoggedOperation]

    /// One document's delivery order: held while its events go out.
    private final class Channel: Sendable {
        let delivery = NSLock()
    }

    /// One document's listeners.
    private struct Listeners {
        let channel = Channel()
        var handlers: [Int: SharedHandler] = [:]
        /// The newest operation revision delivered (nil: none yet, take whatever comes).
        var announced: Int?

        /// The handlers in subscription order.
        var inOrder: [SharedHandler] {
            handlers.sorted { $0.key < $1.key }.map(\.value)
        }
    }

    private struct State {
        var documents: [String: Listeners] = [:]
        var nextNumber = 0
    }

    private let state = Mutex(State())

    /// Adds a handler for document `id`. `after`, when given, is the revision the subscriber
    /// already knows: operation events start after it.
    func subscribe(_ id: String, after: Int?, _ handler: @escaping Handler) -> SubscriptionToken {
        subscribeSharing(id, after: after) { handler($0.event) }
    }

    /// Adds a handler for document `id` that receives each event as shared by every
    /// subscriber (``SharedEvent``); `after` as for ``subscribe(_:after:_:)``.
    func subscribeSharing(_ id: String, after: Int?, _ handler: @escaping SharedHandler) -> SubscriptionToken {
        state.withLock { state in
            state.nextNumber += 1
            state.documents[id, default: Listeners(announced: after)].handlers[state.nextNumber] = handler
            return SubscriptionToken(documentID: id, number: state.nextNumber)
        }
    }

    /// Removes a handler; unknown tokens are ignored.
    func unsubscribe(_ token: SubscriptionToken) {
        state.withLock { state in
            guard var listeners = state.documents[token.documentID] else { return }
            listeners.handlers[token.number] = nil
            state.documents[token.documentID] = listeners.handlers.isEmpty ? nil : listeners
        }
    }

    /// Drops every subscriber of document `id` (removed for good: nothing more will come).
    func drop(_ id: String) {
        state.withLock { $0.documents[id] = nil }
    }

    /// The documents that have subscribers, with the newest revision each has heard.
    var subscribed: [(id: String, announced: Int?)] {
        state.withLock { state in state.documents.map { ($0.key, $0.value.announced) } }
    }

    /// Whether document `id` has subscribers.
    func hasSubscribers(_ id: String) -> Bool {
        state.withLock { $0.documents[id] != nil }
    }

    /// How many subscribers document `id` has.
    func subscriberCount(_ id: String) -> Int {
        state.withLock { $0.documents[id]?.handlers.count ?? 0 }
    }

    /// Delivers `event` to the subscribers of `id`, in subscription order. An operation goes
    /// through the revision order described above; when the missing entries cannot be
    /// fetched it is held back (a later delivery or a resynchronisation brings it).
    func publish(_ id: String, _ event: DocumentEvent, fetch: Fetch) {
        guard let channel = channel(of: id) else { return }
        channel.delivery.withLock { send(event, of: id, on: channel, fetch: fetch) }
    }

    /// Delivers the entries of `id` up to `through` that its subscribers have not heard,
    /// fetched from the log (after `from` when none were heard yet).
    func catchUp(_ id: String, from: Int, through: Int, fetch: Fetch) {
        guard let channel = channel(of: id) else { return }
        channel.delivery.withLock {
            guard let heard = listeners(of: id, on: channel) else { return }
            let after = heard.announced ?? from
            guard through > after, let entries = try? fetch(after, through) else { return }
            for entry in entries { send(.operation(entry), of: id, on: channel, fetch: fetch) }
        }
    }

    private func channel(of id: String) -> Channel? {
        state.withLock { $0.documents[id]?.channel }
    }

    /// The listeners of `id` while `channel` is still theirs (the last one may have left, and
    /// others come, since the channel was looked up).
    private func listeners(of id: String, on channel: Channel) -> Listeners? {
        state.withLock { state in state.documents[id].flatMap { $0.channel === channel ? $0 : nil } }
    }

    /// Sends one event holding `channel`'s delivery lock.
    private func send(_ event: DocumentEvent, of id: String, on channel: Channel, fetch: Fetch) {
        guard case .operation(let entry) = event else {
            guard let handlers = listeners(of: id, on: channel)?.inOrder else { return }
            let shared = SharedEvent(event)
            for handler in handlers { handler(shared) }
            return
        }
        guard let heard = listeners(of: id, on: channel) else { return }
        var due: [LoggedOperation] = []
        if let announced = heard.announced {
            guard entry.revision > announced else { return }
            if entry.revision > announced + 1 {
                guard let missing = try? fetch(announced, entry.revision - 1),
                      missing.map(\.revision) == Array((announced + 1)..<entry.revision)
                else { return }
                due = missing
            }
        }
        due.append(entry)
        let handlers = state.withLock { state -> [SharedHandler]? in
            guard state.documents[id]?.channel === channel else { return nil }
            state.documents[id]?.announced = entry.revision
            return state.documents[id]?.inOrder
        }
        for operation in due {
            let shared = SharedEvent(.operation(operation))
            for handler in handlers ?? [] { handler(shared) }
        }
    }
}

/// One event as every subscriber of its document receives it, with room for its encoding:
/// the first subscriber that encodes it (an event stream writing its frame) keeps the bytes,
/// and the others send the same bytes, so an event is encoded once however many tabs listen.
final class SharedEvent: Sendable {
    let event: DocumentEvent
    /// The encoding, once made; `.some(nil)` when it failed (not tried again).
    private let encoding = Mutex<Data??>(nil)

    init(_ event: DocumentEvent) {
        self.event = event
    }

    /// The event encoded by `encode`, which runs for the first caller only; nil when it
    /// failed. Every caller of one event passes the same encoding.
    func encoded(_ encode: (DocumentEvent) throws -> Data) -> Data? {
        encoding.withLock { encoding in
            if let made = encoding { return made }
            let made = try? encode(event)
            encoding = .some(made)
            return made
        }
    }
}
