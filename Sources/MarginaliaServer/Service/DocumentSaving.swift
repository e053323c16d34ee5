import Foundation
import Marginalia
import MarginaliaEditor

/// Saves and versions: a document's edits appended to its stored file as a new version, the
/// versions listed and served (``VersionFiles``, the cache of their files this part owns), one
/// restored, the current file built; and what the store keeps and for how long (retention,
/// removal for good, redaction of the history).
public final class DocumentSaving: Sendable, ServicePart {
    let documents: OpenDocuments
    /// Forgets a document's page words when its content is replaced.
    let search: DocumentSearch
    /// The versions' files served lately.
    let versionFiles = VersionFiles()

    init(documents: OpenDocuments, search: DocumentSearch) {
        self.documents = documents
        self.search = search
    }

    /// Saves document `id`: its edits are appended to the stored file as an incremental
    /// update (written atomically) and recorded as a new version; the saved revision becomes
    /// the current revision, which itself does not change. With nothing to save, returns the
    /// latest version. Subscribers hear `.saved`.
    public func save(_ id: String) throws -> DocumentVersion {
        try withDocument(id) { state in
            let version = try saveLocked(id, &state)
            notify(id, .saved(revision: state.revision, version: version))
            return version
        }
    }

    /// Saves under the document's locks (used by ``save(_:)`` and before a restore), in the
    /// store too: a replica that saves first brings its state up to the store's (every
    /// entry logged, and when another replica saved or restored since this one opened the
    /// document, reopened on that version, which a save must append to).
    func saveLocked(_ id: String, _ state: inout OpenDocument.State) throws -> DocumentVersion {
        try store.withDocumentLock(id) {
            if store.isShared {
                try documents.using(id) { _ in
                    let caughtUp = try documents.catchUp(id, &state, to: try store.document(id))
                    documents.announce(id, caughtUp)
                    if let latest = try store.versions(id).last, latest.number != state.baseVersion {
                        let before = state.revision
                        state = try documents.load(id)
                        documents.announce(id, state.recent.entries(after: before, upTo: state.revision) ?? [])
                    }
                }
            }
            if state.revision == state.savedRevision && !state.document.hasChanges,
               let latest = try store.versions(id).last {
                return DocumentVersion(latest)
            }
            // Every edit was checked as it was applied; edits logged before the check existed
            // are refused here, before anything is written.
            do {
                try state.document.file.checkCertificationAllowsChanges()
            } catch let refused as SignatureError {
                throw ServiceError.from(refused)
            }
            // Only the update is written: the store appends it to the stored file (a large
            // file is neither read nor copied to be saved).
            let update = try state.document.incrementalUpdateData()
            let record = try store.appendVersion(id, update: update, basedOn: state.baseVersion, revision: state.revision,
                                                 pageCount: try state.document.pageCount, now: Date())
            // Continue from what is now stored, so the next save appends to it: mapped from the
            // store's file when it keeps one (a large file is then not held twice in memory).
            if let stored = try store.versionFile(id, number: record.number) {
                state.document = try open(mapping: stored.url, length: stored.length, meter: nil)
            } else {
                state.document = try PDFDocument(data: try store.versionData(id, number: record.number))
            }
            state.savedRevision = state.revision
            state.baseVersion = record.number
            return DocumentVersion(record)
        }
    }

    /// The versions of document `id`, oldest first, each with the number of log entries
    /// since the version before, the clients that made them and the names of their authors
    /// (the version history panel).
    public func versions(_ id: String) throws -> VersionList {
        try withDocument(id) { state in
            let entries = try store.operations(id, after: 0)
            var versions: [DocumentVersion] = []
            var previous = 0
            var next = entries.startIndex
            for record in try store.versions(id) {
                var version = DocumentVersion(record)
                var clients: [String] = []
                var authors: [String?] = []
                var changes = 0
                // A restore records the revision it was made at: no entries of its own.
                while next < entries.endIndex && entries[next].revision <= record.revision {
                    let entry = entries[next]
                    if entry.revision > previous {
                        changes += 1
                        if !clients.contains(entry.clientID) { clients.append(entry.clientID) }
                        if !authors.contains(entry.author) { authors.append(entry.author) }
                    }
                    next += 1
                }
                previous = max(previous, record.revision)
                version.changes = changes
                version.clients = clients
                version.authors = authors
                versions.append(version)
            }
            return VersionList(revision: state.revision, versions: versions)
        }
    }

    /// Makes version `number` the content of document `id`, as a new version; every earlier
    /// version stays listed and readable. Unsaved edits are saved first (as a version of
    /// their own), then the document is reopened on the restored content and its undo
    /// history starts again. The revision does not change. Subscribers hear `.versionRestored`.
    ///
    /// - Throws: ``ServiceError/notFound(_:)`` when there is no such version;
    ///   ``ServiceError/conflict(_:)`` when it does not hold a signature the document has
    ///   (``checkRestoreKeepsSignatures(_:_:_:current:)``).
    public func restoreVersion(_ id: String, _ number: Int) throws -> DocumentSummary {
        try withDocument(id) { state in
            let (summary, version) = try store.withDocumentLock(id) { () -> (DocumentSummary, DocumentVersion) in
                _ = try store.version(id, number: number)
                _ = try saveLocked(id, &state)
                let data = try store.versionData(id, number: number)
                try Self.checkRestoreKeepsSignatures(id, number, data, current: state.document)
                let document = try PDFDocument(data: data, limits: readingLimits)
                let record = try store.restoreVersion(id, number: number, revision: state.revision,
                                                      pageCount: try document.pageCount, now: Date())
                state.document = document
                state.history = UndoHistory(depth: documents.undoDepth)
                state.savedRevision = state.revision
                let row = try store.document(id)
                state.file = row.file
                state.baseVersion = record.number
                return (DocumentSummary(row), DocumentVersion(record))
            }
            // The words kept for this revision were the content before.
            search.pageWords.forget(id)
            // Announced once committed (the lock's transaction ends above).
            notify(id, .versionRestored(summary, version: version))
            textChanged(id)
            return summary
        }
    }

    /// The bytes of version `number` of document `id`.
    public func versionData(_ id: String, _ number: Int) throws -> Data {
        try versionFile(id, number).data
    }

    /// The PDF of version `number` with its tag, kept for the requests that follow (a range
    /// reader asks for it piece by piece: ``VersionFiles``).
    public func versionFile(_ id: String, _ number: Int) throws -> CurrentFile {
        try guarded {
            try documents.using(id) { _ in }  // a document that does not exist is not found
            let record = try store.version(id, number: number)
            let key = VersionFiles.Key(document: id, number: number, file: record.file, length: record.byteLength)
            return try versionFiles.file(key, tag: Self.versionTag(id, record)) { try store.versionData(id, number: number) }
        }
    }

    /// The `ETag` of a stored version, worked out from what names it rather than from its
    /// bytes (a digest of a 300 MB file took longer than showing its first page): a version's
    /// bytes never change under its document, number, store file, length and creation time
    /// (a save appends after it; retention and restores write new files).
    static func versionTag(_ id: String, _ record: VersionRecord) -> String {
        Digest.entityTag(Data("\(id) \(record.number) \(record.file) \(record.byteLength) \(record.created.timeIntervalSince1970)".utf8))
    }

    /// The editable PDF in its current state: the stored file with the unsaved edits as an
    /// incremental update. Nothing is written.
    public func fileData(_ id: String) throws -> Data {
        try currentFile(id).data
    }

    /// ``fileData(_:)`` with the length of the stored version it begins with (the bytes a
    /// reader holding that version need not fetch again) and its tag.
    ///
    /// The file of the state in memory is built once and kept with the state until it changes:
    /// a range reader (the editor's pdf.js, Web/js/rangefile.js) asks for a large file piece by
    /// piece, and building and hashing it anew for each piece cost a copy and a digest of the
    /// whole file per piece.
    public func currentFile(_ id: String) throws -> CurrentFile {
        try withDocument(id) { state in
            let shows = OpenDocument.BuiltFile.Shows(state)
            if let built = state.builtFile, built.shows == shows { return built.file }
            // The stored version the document was opened from (mapped from its file in a
            // folder store, so a large file is not copied into memory to be served), and the
            // unsaved edits as the update appended to it.
            let version = try store.version(id, number: state.baseVersion)
            let stored = try store.versionData(id, number: state.baseVersion)
            let file: CurrentFile
            if stored.count == state.document.file.source.count {
                file = CurrentFile(stored: stored, storedTag: Self.versionTag(id, version),
                                   update: try state.document.incrementalUpdateData())
            } else {
                // Not opened from that version's bytes (never expected): the file as built.
                file = CurrentFile(data: try state.document.dataRepresentation())
            }
            state.builtFile = OpenDocument.BuiltFile(shows: shows, file: file)
            return file
        }
    }
}

extension DocumentSaving {
    /// Refuses restoring version `number` (its bytes `data`) when the document's current file
    /// holds a signature that version does not (signed after it, or in another file): the
    /// restored content would silently lose the signature. The version stays readable as a
    /// copy (`GET …/versions/{n}/file`).
    static func checkRestoreKeepsSignatures(_ id: String, _ number: Int, _ data: Data, current: PDFDocument) throws {
        let lost = current.file.signatures(notKeptBy: ByteSource(data: data))
        guard lost.isEmpty else {
            throw ServiceError.conflict("""
                version \(number) of document \(id) does not hold the signature\(lost.count == 1 ? "" : "s") of \
                \(lost.joined(separator: ", ")): restoring it would remove \(lost.count == 1 ? "it" : "them") from the \
                document, so it is refused; download the version as a copy instead (GET …/versions/\(number)/file)
                """).because(Reason(.restoreLosesSignatures, [("version", .number(Double(number))),
                                                             ("signatures", .string(lost.joined(separator: ", ")))]))
        }
    }
}
