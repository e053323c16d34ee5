import Foundation

/// The subscribers of each document, and the order their events go out in.
///
/// Operation events reach a document's subscribers in revision order, each once, without a
/// gap: an entry at or below the newest one delivered is dropped, and when an entry comes
/// after a gap (another replica's entries whose notice has not arrived yet) the missing ones
/// are fetched from the log first. Entries reach the hub from this process's commits and,
/// in a shared store, from the other replicas' notices, in whatever order those race.
// @unchecked: each document's deliveries hold a recursive lock, because a handler may subscribe
// or unsubscribe while it is called (issue 29, item 5).
final class EventHub: @unchecked Sendable {
    typealias Handler = @Sendable (DocumentEvent) -> Void
    /// Fetches a document's entries after one revision up to another (both included at the top).
    typealias Fetch = (_ after: Int, _ through: Int) throws -> [LoggedOperation]

    private final class Subscribers {
        /// Held while events are delivered, so deliveries of one document never interleave
        /// (recursive: a handler may subscribe or unsubscribe).
        let delivery = NSRecursiveLock()
        var handlers: [Int: Handler] = [:]
        /// The newest operation revision delivered (nil: none yet, take whatever comes).
        var announced: Int?
    }

    private let lock = NSLock()
    private var documents: [String: Subscribers] = [:]
    private var nextNumber = 0

    /// Adds a handler for document `id`. `after`, when given, is the revision the subscriber
    /// already knows: operation events start after it.
    func subscribe(_ id: String, after: Int?, _ handler: @escaping Handler) -> SubscriptionToken {
        while true {
            let (subscribers, number): (Subscribers, Int) = lock.withLock {
                nextNumber += 1
                if let existing = documents[id] { return (existing, nextNumber) }
                let made = Subscribers()
                made.announced = after
                documents[id] = made
                return (made, nextNumber)
            }
            // The last subscriber may have left (and the entry gone) in between: then again.
            let attached = subscribers.delivery.withLock { () -> Bool in
                guard lock.withLock({ documents[id] === subscribers }) else { return false }
                subscribers.handlers[number] = handler
                return true
            }
            if attached { return SubscriptionToken(documentID: id, number: number) }
        }
    }

    /// Removes a handler; unknown tokens are ignored.
    func unsubscribe(_ token: SubscriptionToken) {
        guard let subscribers = lock.withLock({ documents[token.documentID] }) else { return }
        subscribers.delivery.withLock {
            subscribers.handlers[token.number] = nil
            guard subscribers.handlers.isEmpty else { return }
            lock.withLock {
                if documents[token.documentID] === subscribers { documents[token.documentID] = nil }
            }
        }
    }

    /// Drops every subscriber of document `id` (removed for good: nothing more will come).
    func drop(_ id: String) {
        lock.withLock { documents[id] = nil }
    }

    /// The documents that have subscribers, with the newest revision each has heard.
    var subscribed: [(id: String, announced: Int?)] {
        let all = lock.withLock { documents }
        return all.map { id, subscribers in (id, subscribers.delivery.withLock { subscribers.announced }) }
    }

    /// Whether document `id` has subscribers.
    func hasSubscribers(_ id: String) -> Bool {
        lock.withLock { documents[id] != nil }
    }

    /// How many subscribers document `id` has.
    func subscriberCount(_ id: String) -> Int {
        guard let subscribers = lock.withLock({ documents[id] }) else { return 0 }
        return subscribers.delivery.withLock { subscribers.handlers.count }
    }

    /// Delivers `event` to the subscribers of `id`, in subscription order. An operation goes
    /// through the revision order described above; when the missing entries cannot be
    /// fetched it is held back (a later delivery or a resynchronisation brings it).
    func publish(_ id: String, _ event: DocumentEvent, fetch: Fetch) {
        guard let subscribers = lock.withLock({ documents[id] }) else { return }
        subscribers.delivery.withLock {
            guard case .operation(let entry) = event else {
                deliver(event, to: subscribers)
                return
            }
            if let announced = subscribers.announced {
                guard entry.revision > announced else { return }
                if entry.revision > announced + 1 {
                    guard let missing = try? fetch(announced, entry.revision - 1),
                          missing.map(\.revision) == Array((announced + 1)..<entry.revision)
                    else { return }
                    for earlier in missing { deliver(.operation(earlier), to: subscribers) }
                }
            }
            subscribers.announced = entry.revision
            deliver(event, to: subscribers)
        }
    }

    /// Delivers the entries of `id` up to `through` that its subscribers have not heard,
    /// fetched from the log (after `from` when none were heard yet).
    func catchUp(_ id: String, from: Int, through: Int, fetch: Fetch) {
        guard let subscribers = lock.withLock({ documents[id] }) else { return }
        subscribers.delivery.withLock {
            let after = subscribers.announced ?? from
            guard through > after, let entries = try? fetch(after, through) else { return }
            for entry in entries { publish(id, .operation(entry), fetch: fetch) }
        }
    }

    private func deliver(_ event: DocumentEvent, to subscribers: Subscribers) {
        for (_, handler) in subscribers.handlers.sorted(by: { $0.key < $1.key }) { handler(event) }
    }
}
