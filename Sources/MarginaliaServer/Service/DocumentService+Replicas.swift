import Foundation

// Changes other replicas made to a shared store: relayed to this replica's subscribers, and
// applied to the documents this replica holds in memory before they are next needed.

extension DocumentService {
    /// Handles one change another replica made (on ``remoteChanges``, in arrival order).
    func receive(_ change: StoreChange) {
        switch change {
        case .operations(let id, let first, let last):
            documents.events.catchUp(id, from: first - 1, through: last, fetch: documents.fetchEntries(id))
            documents.scheduleRefresh(id, upTo: last)
        case .saved(let id, let number):
            guard documents.events.hasSubscribers(id), let version = try? store.version(id, number: number) else { return }
            documents.notify(id, .saved(revision: version.revision, version: DocumentVersion(version)))
        case .renamed(let id):
            guard documents.events.hasSubscribers(id), let record = try? store.document(id) else { return }
            documents.notify(id, .renamed(DocumentSummary(record)))
        case .trashed(let id, let trashed):
            guard documents.events.hasSubscribers(id), let record = try? store.document(id) else { return }
            documents.notify(id, trashed ? .deleted(DocumentSummary(record)) : .restored(DocumentSummary(record)))
        case .versionRestored(let id, let number):
            // The content changed at the same revision (a restore, a redaction).
            search.pageWords.forget(id)
            saving.versionFiles.forget(id)
            documents.scheduleRefresh(id)
            guard documents.events.hasSubscribers(id), let record = try? store.document(id),
                  let version = try? store.version(id, number: number) else { return }
            documents.notify(id, .versionRestored(DocumentSummary(record), version: DocumentVersion(version)))
        case .resynchronise:
            // Notices sent while the feed was down are lost: compare with the log instead.
            for (id, announced) in documents.events.subscribed {
                guard let revision = try? store.document(id).revision else { continue }
                documents.events.catchUp(id, from: announced ?? revision, through: revision, fetch: documents.fetchEntries(id))
                documents.scheduleRefresh(id, upTo: revision)
            }
        }
    }
}

extension OpenDocuments {
    /// Catches a document held in memory up with the store soon, on another thread, once
    /// however many notices arrive meanwhile, unless it got there by itself first (`upTo`:
    /// the revision announced; nil after a restore, which always reopens); documents not in
    /// memory are left alone (they are read from the store when opened).
    func scheduleRefresh(_ id: String, upTo revision: Int? = nil) {
        guard let document = existingEntry(id), document.loadedRevision != nil else { return }
        let queue = document.locked { guarded -> Bool in
            guarded.announcedRevision = max(guarded.announcedRevision, revision ?? .max)
            guard !guarded.refreshQueued else { return false }
            guarded.refreshQueued = true
            return true
        }
        guard queue else { return }
        DispatchQueue.global().async {
            let wanted = document.locked { guarded -> Int in
                guarded.refreshQueued = false
                defer { guarded.announcedRevision = 0 }
                return guarded.announcedRevision
            }
            // A commit of this replica may have caught up meanwhile.
            guard let loaded = document.loadedRevision, loaded < wanted else { return }
            self.catchUpIfIdle(id, document, from: loaded)
        }
    }

    /// Applies what other replicas logged to a document in memory, when it has nothing
    /// uncommitted (otherwise its next commit catches up, holding the document's lock).
    /// Applies, not commits: a background catch-up never makes queued requests wait.
    private func catchUpIfIdle(_ id: String, _ document: OpenDocument, from loaded: Int) {
        guard let snapshot = try? store.documentAndLog(id, after: loaded) else { return }
        document.locked { guarded in
            guard guarded.state?.pending.isEmpty ?? true, guarded.commitsInFlight == 0 else { return }
            let caughtUp = try? OpenDocument.Guarded.withState(&guarded, id: id, load: {
                throw ServiceError.internalError("document \(id) is not loaded")
            }) {
                try catchUp(id, &$0, to: snapshot.record, newer: snapshot.newer)
            }
            announce(id, caughtUp ?? [])
        }
    }
}
