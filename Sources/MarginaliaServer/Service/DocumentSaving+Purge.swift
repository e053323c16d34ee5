import Foundation
import MarginaliaCore

extension DocumentSaving {
    /// Removes a document in the trash for good: its catalogue rows, its operation log, every
    /// version and upload file, and its text from the index. Subscribers hear `.purged` first.
    ///
    /// - Throws: ``ServiceError/conflict(_:)`` when the document is not in the trash (move it
    ///   there first: deleting is two steps, so one click never loses a document);
    ///   ``ServiceError/notFound(_:)``.
    public func purge(_ id: String) throws {
        try guarded {
            try documents.using(id) { entry in
                try entry.committing {
                    try entry.locked { _ in
                        guard try store.document(id).trashedAt != nil else {
                            throw ServiceError.conflict("document \(id) is not in the trash: move it there before deleting it for good")
                                .because(Reason(.notInTrash))
                        }
                        notify(id, .purged(id: id))
                        try store.purge(id)
                    }
                }
            }
            documents.forget(id)
            versionFiles.forget(id)
            textChanged(id)
        }
    }
}
