import Foundation
import Synchronization
import Testing
@testable import MarginaliaServer

/// The event hub's order and its handlers' freedom: operations go out in revision order, each
/// once, gaps filled from the log; a handler may subscribe and unsubscribe while it is called.
@Suite("Event hub")
struct EventHubTests {
    private func entry(_ revision: Int) -> LoggedOperation {
        LoggedOperation(revision: revision, clientId: "t", kind: .do, operation: Fixtures.add("a\(revision)"))
    }

    private func log(_ through: Int) -> EventHub.Fetch {
        { after, upTo in Array(stride(from: after + 1, through: min(upTo, through), by: 1)).map(entry) }
    }

    @Test func operationsGoOutInOrderOnceWithGapsFilledFromTheLog() {
        let hub = EventHub()
        let heard = EventRecorder()
        _ = hub.subscribe("d", after: 2, heard.record)
        for revision in [2, 3, 6, 5, 7] { hub.publish("d", .operation(entry(revision)), fetch: log(7)) }
        #expect(heard.revisions == [3, 4, 5, 6, 7])
        // A gap the log cannot fill yet holds the entry back.
        hub.publish("d", .operation(entry(9)), fetch: log(7))
        #expect(heard.revisions == [3, 4, 5, 6, 7])
        hub.catchUp("d", from: 0, through: 9, fetch: log(9))
        #expect(heard.revisions == [3, 4, 5, 6, 7, 8, 9])
        #expect(hub.subscribed.map(\.announced) == [9])
    }

    @Test func aHandlerMaySubscribeAndUnsubscribeWhileItIsCalled() throws {
        let hub = EventHub()
        let later = EventRecorder()
        let own = Mutex<SubscriptionToken?>(nil)
        let added = Mutex<SubscriptionToken?>(nil)
        let token = hub.subscribe("d", after: nil) { _ in
            // Called holding the document's delivery lock: neither call may wait for it.
            if let token = own.withLock({ $0 }) { hub.unsubscribe(token) }
            let token = hub.subscribe("d", after: nil, later.record)
            added.withLock { $0 = token }
        }
        own.withLock { $0 = token }
        hub.publish("d", .operation(entry(1)), fetch: log(1))
        #expect(hub.subscriberCount("d") == 1)
        #expect(later.revisions.isEmpty)
        hub.publish("d", .operation(entry(2)), fetch: log(2))
        #expect(later.revisions == [2])
        hub.unsubscribe(try #require(added.withLock { $0 }))
        #expect(!hub.hasSubscribers("d"))
    }

    @Test func everySubscriberSharesOneEncodingOfAnEvent() throws {
        let hub = EventHub()
        let received = Mutex<[SharedEvent]>([])
        for _ in 0..<3 {
            _ = hub.subscribeSharing("d", after: nil) { event in received.withLock { $0.append(event) } }
        }
        hub.publish("d", .operation(entry(1)), fetch: log(1))
        hub.publish("d", .purged(id: "d"), fetch: log(1))
        let events = received.withLock { $0 }
        try #require(events.count == 6)
        let encodings = Mutex(0)
        let frames = events.map { shared in
            shared.encoded { event in
                encodings.withLock { $0 += 1 }
                return try event.payload()
            }
        }
        // One encoding per event, whatever the number of subscribers: the others reuse its bytes.
        #expect(encodings.withLock { $0 } == 2)
        #expect(events[0] === events[1] && events[1] === events[2] && events[3] === events[5])
        #expect(frames[0] != nil && frames[0] == frames[2] && frames[3] == frames[5] && frames[0] != frames[3])
    }
}
