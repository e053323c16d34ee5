import Foundation
import Marginalia
import MarginaliaEditor
import Testing
@testable import MarginaliaServer

/// Saves racing edits (found by Tests/server/test_soak.py): a save must store only edits
/// whose log entries are committed, or a kill before their commit leaves the catalogue's
/// saved revision ahead of its log and every later edit of the document is refused.
@Suite("Saves during concurrent edits")
struct ServiceSaveRaceTests {
    @Test(arguments: StoreKind.allCases) func everySaveStoresOnlyLoggedEdits(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let service = try place.service()
        let id = try service.catalogue.importDocument(name: "race.pdf", data: Fixtures.sample).id
        let stop = ConcurrentFlag()
        let failures = ConcurrentFailures()
        let editors = DispatchGroup()
        for editor in 0..<4 {
            editors.enter()
            Thread {
                defer { editors.leave() }
                var revision = 0
                var n = 0
                while !stop.isSet {
                    n += 1
                    let change = ApplyRequest.Change.operation(Fixtures.add("e\(editor)-\(n)", x: Double(n % 400)))
                    do {
                        revision = try service.editing.apply(id, Fixtures.request(change, base: revision, client: "e\(editor)")).revision
                    } catch {
                        failures.add("edit: \(error)")
                        return
                    }
                }
            }.start()
        }
        for _ in 0..<40 {
            do {
                let version = try service.saving.save(id)
                // What was saved is in the log (the store refuses a version ahead of it).
                #expect(version.revision <= (try service.store.document(id)).revision)
            } catch {
                failures.add("save: \(error)")
                break
            }
        }
        stop.set()
        editors.wait()
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")

        // A new service over the same store (as after a restart) takes edits again.
        let summary = try service.catalogue.summary(id)
        let reopened = try place.service()
        let next = try reopened.editing.apply(id, Fixtures.request(.operation(Fixtures.add("after-restart")), base: summary.revision))
        #expect(next.revision == summary.revision + 1)
    }
}

private final class ConcurrentFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

private final class ConcurrentFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    var all: [String] { lock.withLock { items } }
    func add(_ item: String) { lock.withLock { items.append(item) } }
}
