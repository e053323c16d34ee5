import Foundation
import Synchronization

/// Someone who has a document open: one event stream of one tab (docs/api.md, "Presence").
public struct DocumentViewer: Sendable, Equatable, Encodable {
    /// The tab's client id (the one its commands carry).
    public var clientId: String
    /// The name the user gave (nil: none given).
    public var name: String?
    /// When the stream opened.
    public var since: Date

    public init(clientId: String, name: String?, since: Date = Date()) {
        self.clientId = clientId
        self.name = name
        self.since = since
    }

    private enum CodingKeys: String, CodingKey {
        case clientId, name, since
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(clientId, forKey: .clientId)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encode(since.formatted(.iso8601), forKey: .since)
    }

    /// The longest name kept; a longer one is cut at a character boundary.
    public static let maximumNameLength = 100
    /// The longest client id taken.
    public static let maximumClientIdLength = 64
}

/// The viewers of a document as the presence endpoint and event give them.
public struct ViewerList: Sendable, Encodable {
    /// Version of this JSON shape.
    public var version = 1
    public var viewers: [DocumentViewer]

    private enum CodingKeys: String, CodingKey {
        case version, viewers
    }
}

/// Identifies one viewer's entry, for ``DocumentPresence/leave(_:)``.
public struct PresenceToken: Hashable, Sendable {
    public let documentID: String
    let number: Int
}

/// Who has each document open in this process, in the order they came.
final class PresenceBook: Sendable {
    private struct Book {
        var documents: [String: [Int: DocumentViewer]] = [:]
        var nextNumber = 0

        func list(_ id: String) -> [DocumentViewer] {
            (documents[id] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
        }
    }

    private let book = Mutex(Book())

    /// Adds a viewer of `id`, in place of any earlier entry of the same client (a tab that
    /// reconnected: its old stream is gone or going); answers its token and everyone viewing
    /// `id` now.
    func enter(_ id: String, _ viewer: DocumentViewer) -> (PresenceToken, [DocumentViewer]) {
        book.withLock { book in
            book.nextNumber += 1
            book.documents[id] = (book.documents[id] ?? [:]).filter { $0.value.clientId != viewer.clientId }
            book.documents[id]?[book.nextNumber] = viewer
            return (PresenceToken(documentID: id, number: book.nextNumber), book.list(id))
        }
    }

    /// Removes a viewer; answers everyone still viewing the document (nil: the token was unknown).
    func leave(_ token: PresenceToken) -> [DocumentViewer]? {
        book.withLock { book in
            guard book.documents[token.documentID]?.removeValue(forKey: token.number) != nil else { return nil }
            if book.documents[token.documentID]?.isEmpty == true { book.documents[token.documentID] = nil }
            return book.list(token.documentID)
        }
    }

    /// Removes every entry of a client from document `id` (the tab said it left); answers
    /// everyone still viewing it (nil: the client was not there).
    func leave(_ id: String, clientId: String) -> [DocumentViewer]? {
        book.withLock { book in
            guard let entries = book.documents[id], entries.values.contains(where: { $0.clientId == clientId }) else { return nil }
            let kept = entries.filter { $0.value.clientId != clientId }
            book.documents[id] = kept.isEmpty ? nil : kept
            return book.list(id)
        }
    }

    /// Everyone viewing `id`, first come first.
    func viewers(_ id: String) -> [DocumentViewer] {
        book.withLock { $0.list(id) }
    }
}

/// Who hears of each document's changes, and who has it open: subscriptions to a document's
/// events (the `/events` streams) and the viewers those streams named (docs/api.md,
/// "Presence"), which this part keeps.
public final class DocumentPresence: Sendable, ServicePart {
    let documents: OpenDocuments
    /// Who has each document open (the `/events` streams that named a client).
    let presence = PresenceBook()

    init(documents: OpenDocuments) {
        self.documents = documents
    }

    /// Calls `handler` for every event of document `id` from now on: each applied entry,
    /// saves, renames, moves to and from the trash and version restores, made by this
    /// service or (over a shared store) by another replica. Operation events come in
    /// revision order, each once. The handler runs on the thread that made the change (or
    /// that relays another replica's), after the change is in the log or catalogue, while the
    /// document's locks are held: keep it short, such as queueing the event for a stream, and
    /// do not call the service for this document from it (the locks are not recursive).
    ///
    /// - Throws: ``ServiceError/notFound(_:)`` or ``ServiceError/badRequest(_:)`` for a bad id.
    public func subscribe(_ id: String, _ handler: @escaping @Sendable (DocumentEvent) -> Void) throws -> SubscriptionToken {
        try subscribeSharing(id) { handler($0.event) }
    }

    /// Subscribes as ``subscribe(_:_:)`` does, receiving each event as every subscriber of the
    /// document shares it (``SharedEvent``): what the event streams encode once for all.
    func subscribeSharing(_ id: String, _ handler: @escaping EventHub.SharedHandler) throws -> SubscriptionToken {
        let summary = try documents.summary(id)
        // Over a shared store, entries up to the stored revision count as known, so a catch-up
        // does not announce older ones.
        return documents.events.subscribeSharing(id, after: store.isShared ? summary.revision : nil, handler)
    }

    /// Stops a subscription; unknown tokens are ignored.
    public func unsubscribe(_ token: SubscriptionToken) {
        documents.events.unsubscribe(token)
    }

    /// Records that a client has document `id` open and tells the document's subscribers
    /// (a `presence` event with everyone viewing it, the new viewer included when it is
    /// subscribed already).
    ///
    /// Presence is per process: over a shared store each replica knows the viewers whose
    /// streams it serves (docs/scale-out.md).
    public func enter(_ id: String, viewer: DocumentViewer) -> PresenceToken {
        let (token, viewers) = presence.enter(id, viewer)
        notify(id, .presence(viewers))
        return token
    }

    /// Removes a viewer recorded by ``enter(_:viewer:)`` and tells the others; unknown tokens
    /// are ignored.
    public func leave(_ token: PresenceToken) {
        guard let viewers = presence.leave(token) else { return }
        notify(token.documentID, .presence(viewers))
    }

    /// Removes a client from the viewers of `id` at once (a tab that closes says so, where its
    /// stream would be noticed gone only at its next keep-alive) and tells the others.
    ///
    /// - Throws: ``ServiceError/notFound(_:)`` or ``ServiceError/badRequest(_:)`` for a bad id.
    public func leave(_ id: String, clientId: String) throws -> ViewerList {
        _ = try documents.summary(id)
        if let viewers = presence.leave(id, clientId: clientId) { notify(id, .presence(viewers)) }
        return ViewerList(viewers: presence.viewers(id))
    }

    /// Who has document `id` open, first come first.
    ///
    /// - Throws: ``ServiceError/notFound(_:)`` or ``ServiceError/badRequest(_:)`` for a bad id.
    public func viewers(_ id: String) throws -> ViewerList {
        _ = try documents.summary(id)
        return ViewerList(viewers: presence.viewers(id))
    }
}
