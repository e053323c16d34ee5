import Foundation
import Marginalia
import MarginaliaEditor

// Page organising on the server (docs/api.md, "Pages"): files uploaded to insert pages from,
// pages inserted from another document of the store, and pages extracted as a new document.
// Rotating, moving, removing and duplicating pages are plain commands.

/// An upload stored for a document: its number (what `insertPages` names) and pages.
public struct UploadInfo: Equatable, Sendable, Encodable {
    public var upload: Int
    public var pageCount: Int
    public var revision: Int
}

extension DocumentEditing {
    /// Stores a PDF, PNG or JPEG (an image becomes a one-page PDF) for document `id` to
    /// insert pages from with an `insertPages` command naming `{"upload": N}`; an encrypted
    /// PDF opened with `password` is stored without its encryption.
    ///
    /// - Throws: ``ServiceError/passwordRequired(_:)`` for an encrypted PDF `password` does not
    ///   open; ``ServiceError/unprocessable(_:)`` for bytes that are not a readable PDF, PNG
    ///   or JPEG; ``ServiceError/notFound(_:)``.
    public func addUpload(_ id: String, data: Data, password: String? = nil) throws -> UploadInfo {
        try guarded {
            let prepared = try documents.prepareUpload(data, password: password)
            return try documents.using(id) { entry in
                try entry.locked { _ in
                    UploadInfo(upload: try store.addUpload(id, pdf: prepared.pdf), pageCount: prepared.pageCount,
                               revision: try store.document(id).revision)
                }
            }
        }
    }

    /// The request with pages from another document taken from an upload: the other
    /// document's current state (its unsaved edits included) is stored as an upload of `id`
    /// first, outside `id`'s lock, so that two documents inserting from each other cannot
    /// wait on each other, and so that the log replays the same copy whatever happens to the
    /// other document later.
    func withUploadedSource(_ id: String, _ request: ApplyRequest) throws -> ApplyRequest {
        guard case .command(.insertPages(let index, .document(let source), let pages)) = request.change else { return request }
        let data: Data
        do {
            data = try saving.fileData(source)
        } catch let error as ServiceError where error.code == "notFound" {
            throw ServiceError.unprocessable("command.source.document: \(error.message)")
        }
        let number = try documents.using(id) { entry in
            try entry.locked { _ in try store.addUpload(id, pdf: data) }
        }
        var rewritten = request
        rewritten.change = .command(.insertPages(index: index, source: .upload(number), pages: pages))
        return rewritten
    }
}
