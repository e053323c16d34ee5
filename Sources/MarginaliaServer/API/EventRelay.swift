import Foundation
import Synchronization

/// Connects a document's event subscription to one `/events` stream.
///
/// Order matters: the relay subscribes first and holds live events back, then replays the
/// entries after the client's last revision, then lets the held events through, skipping any
/// operation already replayed. So a client that reconnects with `Last-Event-ID` misses nothing
/// and sees nothing twice.
///
/// A live event is written as its stream frame once, by the first relay that sends it, and
/// the same bytes go to every other stream of the document (``SharedEvent``).
final class EventRelay: Sendable {
    private struct Relay {
        let stream: EventStream
        var held: [SharedEvent] = []
        var replaying = true
        var lastRevision: Int

        /// Sends one live event, unless it is an operation the client has already.
        mutating func send(_ shared: SharedEvent) {
            guard let frame = shared.encoded(EventRelay.frame) else { return }
            if let revision = shared.event.revision {
                guard revision > lastRevision else { return }
                lastRevision = revision
            }
            stream.send(frame: frame)
        }

        /// Sends an operation unless the client has it already.
        mutating func forward(event: String, revision: Int, data: Data) {
            guard revision > lastRevision else { return }
            lastRevision = revision
            stream.send(event: event, id: String(revision), data: String(decoding: data, as: UTF8.self))
        }
    }

    private let relay: Mutex<Relay>

    private init(stream: EventStream, lastRevision: Int) {
        relay = Mutex(Relay(stream: stream, lastRevision: lastRevision))
    }

    /// Subscribes to document `id` and returns the event-stream response. A `viewer` is
    /// present (docs/api.md, "Presence") while the stream is open. `readLog` reads the entries
    /// to replay (the service's log; tests put a write in the middle of it).
    static func open(service: DocumentService, id: String, after: Int?, viewer: DocumentViewer? = nil,
                     readLog: ((_ id: String, _ after: Int) throws -> OperationLog)? = nil) throws -> HTTPResponse {
        let revision = try service.catalogue.summary(id).revision
        let stream = EventStream()
        let relay = EventRelay(stream: stream, lastRevision: after ?? -1)
        let token = try service.presence.subscribeSharing(id) { event in relay.receive(event) }
        stream.comment("document \(id)")
        if let after {
            do {
                let log = try readLog?(id, after) ?? service.editing.operations(id, after: after)
                for entry in try Self.entries(of: log) {
                    relay.forward(event: "operation", revision: entry.revision, data: entry.data)
                }
            } catch {
                service.presence.unsubscribe(token)
                throw error
            }
        }
        // The viewer enters after subscribing, so its own stream brings it the viewers.
        let entry = viewer.map { service.presence.enter(id, viewer: $0) }
        // The stream detaches (client gone, closed, server stopped) only once it was sent.
        stream.onClose {
            if let entry { service.presence.leave(entry) }
            service.presence.unsubscribe(token)
        }
        relay.finishReplay()
        return HTTPResponse.events(stream).adding(header: "X-Marginalia-Revision", value: String(revision))
    }

    private func receive(_ event: SharedEvent) {
        relay.withLock { relay in
            if relay.replaying { relay.held.append(event) } else { relay.send(event) }
        }
    }

    private func finishReplay() {
        relay.withLock { relay in
            for event in relay.held { relay.send(event) }
            relay.held = []
            relay.replaying = false
        }
    }

    private func forward(event: String, revision: Int, data: Data) {
        relay.withLock { $0.forward(event: event, revision: revision, data: data) }
    }

    /// A live event's frame: its name, its revision as the `id:` (operations only), its payload.
    private static func frame(_ event: DocumentEvent) throws -> Data {
        EventStream.frame(event: event.name, id: event.revision.map(String.init),
                          data: String(decoding: try event.payload(), as: UTF8.self))
    }

    /// The `operations` of a log as (revision, JSON) pairs, as their live events carry them.
    private static func entries(of log: OperationLog) throws -> [(revision: Int, data: Data)] {
        try log.operations.map { ($0.revision, try DocumentEvent.operation($0).payload()) }
    }
}
