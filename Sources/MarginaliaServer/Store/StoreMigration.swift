import Foundation

/// Copies every document of one store into an empty PostgreSQL store and proves the copy
/// (`marginalia store migrate`, docs/scale-out.md): each document's row, versions with their
/// bytes, operation log, uploads and retention policy are copied, then the store's retention
/// settings and the people (users, shares, the audit log: ``PeopleSnapshot``), then compared with the source, raw and as the server serves them
/// (``verify(_:against:)``).
public enum StoreMigration {
    /// What a migration copied and checked.
    public struct Report: Equatable, Sendable, CustomStringConvertible {
        public var documents = 0
        public var versions = 0
        public var logEntries = 0
        /// Bytes of every version, summed (what was compared).
        public var versionBytes = 0
        /// Uploads (files to insert pages from, other documents' states copied in).
        public var uploads = 0
        /// Bytes of every upload, summed.
        public var uploadBytes = 0
        /// Documents neither store can open (their rows and bytes were still compared): the
        /// server answers an error for them on either side.
        public var unservable: [String] = []

        public var description: String {
            var text = "\(documents) document(s), \(versions) version(s) (\(versionBytes) bytes), "
                + "\(uploads) upload(s) (\(uploadBytes) bytes), \(logEntries) log entries"
            if !unservable.isEmpty {
                text += " (\(unservable.count) document(s) neither store can open: \(unservable.joined(separator: ", ")))"
            }
            return text
        }
    }

    /// Copies every document of `source` (in and out of the trash) into `target`, which must
    /// hold none, then checks the copy with ``verify(_:against:)``.
    ///
    /// - Parameter progress: called with each document's id after it is copied.
    /// - Throws: ``StoreError/invalidRequest(_:)`` when `target` is not empty, another
    ///   ``StoreError`` when a store fails, and ``StoreDifference`` naming the first
    ///   difference when the check fails.
    public static func copy(from source: any DocumentStore, to target: PostgresDocumentStore,
                            progress: (String) -> Void = { _ in }) throws -> Report {
        let existing = try target.documents(trashed: false).count + target.documents(trashed: true).count
        guard existing == 0 else {
            throw StoreError.invalidRequest("\(target.location) already holds \(existing) document(s); migrate into an empty database")
        }
        for record in try allDocuments(source) {
            let id = record.id
            let versions = try source.versions(id).map { ($0, try source.versionData(id, number: $0.number)) }
            let uploads = try source.uploadNumbers(id).map { ($0, try source.uploadData(id, number: $0)) }
            try target.importCopy(of: record, versions: versions, log: try source.operations(id, after: 0),
                                  uploads: uploads)
            try target.setRetention(of: id, source.retention(of: id))
            progress(id)
        }
        try target.setRetention(source.retention())
        if let people = source as? any PeopleReading {
            try target.importPeople(people.peopleSnapshot())
        }
        return try verify(target, against: source)
    }

    /// Every document, in the trash or not, by id.
    static func allDocuments(_ store: any DocumentStore) throws -> [DocumentRecord] {
        try (store.documents(trashed: false) + store.documents(trashed: true)).sorted { $0.id < $1.id }
    }
}
