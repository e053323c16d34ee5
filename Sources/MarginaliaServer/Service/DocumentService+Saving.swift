import Foundation
import Marginalia
import MarginaliaEditor

extension DocumentService {
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

    /// Saves under the document's lock (used by ``save(_:)`` and before a restore). When
    /// another replica saved or restored since the document was opened, the save no longer
    /// appends to the stored state: the document is reopened from the store (which holds
    /// every logged edit) and saved again.
    private func saveLocked(_ id: String, _ state: inout OpenDocument.State) throws -> DocumentVersion {
        var attempts = 0
        while true {
            if state.revision == state.savedRevision && !state.document.hasChanges,
               let latest = try store.versions(id).last {
                return DocumentVersion(latest)
            }
            let bytes = try state.document.dataRepresentation()
            do {
                let record = try store.saveVersion(id, bytes: bytes, basedOn: state.baseVersion, revision: state.revision,
                                                   pageCount: try state.document.pageCount, now: Date())
                // Continue from what is now stored, so the next save appends to it.
                state.document = try PDFDocument(data: bytes)
                state.savedRevision = state.revision
                state.baseVersion = record.number
                return DocumentVersion(record)
            } catch StoreError.conflict(let message) {
                attempts += 1
                guard attempts < 5 else { throw ServiceError.conflict(message) }
                let document = try entry(id)
                let before = state.revision
                state = try load(id, into: document)
                announce(id, document.recent.entries(after: before, upTo: state.revision) ?? [], in: document)
            }
        }
    }

    /// The versions of document `id`, oldest first.
    public func versions(_ id: String) throws -> VersionList {
        try withDocument(id) { state in
            VersionList(revision: state.revision, versions: try store.versions(id).map(DocumentVersion.init))
        }
    }

    /// Makes version `number` the content of document `id`, as a new version; every earlier
    /// version stays listed and readable. Unsaved edits are saved first (as a version of
    /// their own), then the document is reopened on the restored content and its undo
    /// history starts again. The revision does not change. Subscribers hear `.versionRestored`.
    ///
    /// - Throws: ``ServiceError/notFound(_:)`` when there is no such version.
    public func restoreVersion(_ id: String, _ number: Int) throws -> DocumentSummary {
        var attempts = 0
        while true {
            do {
                return try withDocument(id) { state in
                    _ = try store.version(id, number: number)
                    _ = try saveLocked(id, &state)
                    let data = try store.versionData(id, number: number)
                    let document = try PDFDocument(data: data)
                    let record = try store.restoreVersion(id, number: number, revision: state.revision,
                                                          pageCount: try document.pageCount, now: Date())
                    state.document = document
                    state.history = SharedHistory(depth: undoDepth)
                    state.savedRevision = state.revision
                    let row = try store.document(id)
                    state.file = row.file
                    state.baseVersion = record.number
                    let summary = DocumentSummary(row)
                    notify(id, .versionRestored(summary, version: DocumentVersion(record)))
                    textChanged(id)
                    return summary
                }
            } catch ServiceError.conflict(let message) {
                // Another replica logged an edit between the catch-up and the restore: again.
                attempts += 1
                guard attempts < 5 else { throw ServiceError.conflict(message) }
            }
        }
    }

    /// The bytes of version `number` of document `id`.
    public func versionData(_ id: String, _ number: Int) throws -> Data {
        try guarded {
            _ = try entry(id)
            return try store.versionData(id, number: number)
        }
    }

    /// The editable PDF in its current state: the stored file with the unsaved edits as an
    /// incremental update. Nothing is written.
    public func fileData(_ id: String) throws -> Data {
        try withDocument(id) { state in try state.document.dataRepresentation() }
    }

    /// A flattened copy of the current state (annotations burned into the pages, written
    /// compact). The document itself stays as it is.
    public func exportFlattened(_ id: String) throws -> Data {
        try withDocument(id) { state in
            let copy = try PDFDocument(data: try state.document.dataRepresentation())
            _ = try copy.flattenAnnotations()
            return try copy.dataRepresentation(options: PDFWriteOptions(mode: .compact))
        }
    }
}
