import Foundation
import Marginalia

/// A document as the server serves it: opened by ``DocumentService`` (the stored file with
/// the log after its saved revision replayed, uploads read for the pages they insert), read
/// the way the API's routes read it. Annotations are held as the API's JSON without their
/// modification time: it is written from the log's entries and times, which the raw
/// comparison compares.
struct ServedDocument: Equatable {
    var summary: DocumentSummary
    var pages: [PageInfo]
    /// Per page, each annotation's JSON.
    var annotations: [[Data]]
    var fields: [JSONValue]
    var log: OperationLog
    var versions: VersionList

    init(_ id: String, from service: DocumentService) throws {
        summary = try service.catalogue.summary(id)
        pages = try service.editing.pages(id)
        // The API's encoding (ISO 8601 dates), with its keys sorted: their order is a hash's.
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        annotations = try pages.indices.map { page in
            try service.editing.annotations(id, page: page).annotations.map { annotation in
                var timeless = annotation
                timeless.modificationDate = nil
                return try encoder.encode(timeless)
            }
        }
        fields = try service.editing.fields(id).fields
        log = try service.editing.operations(id, after: 0)
        versions = try service.saving.versions(id)
    }

    /// What differs first between `self` (the source's) and `other` (the copy's), in the
    /// words of ``StoreDifference/served(document:aspect:)``; nil when nothing does.
    func firstDifference(from other: ServedDocument) -> String? {
        if summary != other.summary { return "summaries" }
        if pages != other.pages { return "pages" }
        for (index, (mine, theirs)) in zip(annotations, other.annotations).enumerated() where mine != theirs {
            return "annotations on page \(index + 1)"
        }
        if fields != other.fields { return "form fields" }
        if log != other.log { return "logs" }
        if versions != other.versions { return "version lists" }
        return nil
    }
}

/// Two services, one over each store, that open one document at a time and forget it
/// after comparing (so a large store is compared in the memory of its largest document).
/// Over a PostgreSQL store the service listens for changes while it lives, as a replica does.
struct ServedComparison {
    let source: DocumentService
    let copy: DocumentService

    init(source: any DocumentStore, copy: any DocumentStore) {
        self.source = DocumentService(store: source)
        self.copy = DocumentService(store: copy)
    }

    /// Compares document `id` as both stores serve it.
    ///
    /// - Returns: true when both serve it, false when neither can open it.
    /// - Throws: ``StoreDifference/served(document:aspect:)`` or
    ///   ``StoreDifference/unservable(document:inCopy:reason:)``.
    func compare(_ id: String) throws -> Bool {
        defer {
            source.forget(id)
            copy.forget(id)
        }
        let mine = Result { try ServedDocument(id, from: source) }
        let theirs = Result { try ServedDocument(id, from: copy) }
        switch (mine, theirs) {
        case (.success(let mine), .success(let theirs)):
            if let aspect = mine.firstDifference(from: theirs) { throw StoreDifference.served(document: id, aspect: aspect) }
            return true
        case (.failure, .failure):
            return false
        case (.success, .failure(let error)):
            throw StoreDifference.unservable(document: id, inCopy: true, reason: "\(error)")
        case (.failure(let error), .success):
            throw StoreDifference.unservable(document: id, inCopy: false, reason: "\(error)")
        }
    }
}
