import Foundation

/// Copies every document of one store into an empty PostgreSQL store and checks the copy
/// (`marginalia store migrate`, docs/scale-out.md): rows, versions with their bytes, and
/// the operation log, each compared with the source after the copy.
public enum StoreMigration {
    /// What a migration copied and checked.
    public struct Report: Equatable, Sendable, CustomStringConvertible {
        public var documents = 0
        public var versions = 0
        public var logEntries = 0
        /// Bytes of every version, summed (what was compared).
        public var versionBytes = 0

        public var description: String {
            "\(documents) document(s), \(versions) version(s) (\(versionBytes) bytes), \(logEntries) log entries"
        }
    }

    /// Copies every document of `source` (in and out of the trash) into `target`, which must
    /// hold none, then checks the copy with ``verify(_:against:)``.
    ///
    /// - Parameter progress: called with each document's id after it is copied.
    /// - Throws: ``StoreError/invalidRequest(_:)`` when `target` is not empty, and
    ///   ``StoreError/damaged(_:)`` naming the first difference when the check fails.
    public static func copy(from source: any DocumentStore, to target: PostgresDocumentStore,
                            progress: (String) -> Void = { _ in }) throws -> Report {
        let existing = try target.documents(trashed: false).count + target.documents(trashed: true).count
        guard existing == 0 else {
            throw StoreError.invalidRequest("\(target.location) already holds \(existing) document(s); migrate into an empty database")
        }
        for record in try allDocuments(source) {
            let versions = try source.versions(record.id).map { ($0, try source.versionData(record.id, number: $0.number)) }
            try target.importCopy(of: record, versions: versions, log: try source.operations(record.id, after: 0))
            progress(record.id)
        }
        return try verify(target, against: source)
    }

    /// Compares two stores document by document: the rows, the versions (numbers, lengths,
    /// revisions, times and bytes) and the log entries (revision, client, kind, JSON, time).
    ///
    /// - Throws: ``StoreError/damaged(_:)`` naming the first difference.
    public static func verify(_ copy: any DocumentStore, against source: any DocumentStore) throws -> Report {
        var report = Report()
        let expected = try allDocuments(source)
        let copied = try allDocuments(copy)
        guard copied.map(\.id) == expected.map(\.id) else {
            throw StoreError.damaged("the copy holds \(copied.count) document(s), the source \(expected.count)")
        }
        for (original, duplicate) in zip(expected, copied) {
            let id = original.id
            guard original == duplicate else { throw StoreError.damaged("document \(id): the rows differ") }
            let versions = try source.versions(id)
            guard try copy.versions(id) == versions else { throw StoreError.damaged("document \(id): the versions differ") }
            for version in versions {
                let bytes = try source.versionData(id, number: version.number)
                guard try copy.versionData(id, number: version.number) == bytes else {
                    throw StoreError.damaged("document \(id): the bytes of version \(version.number) differ")
                }
                report.versionBytes += bytes.count
            }
            let log = try source.operations(id, after: 0)
            guard try copy.operations(id, after: 0) == log else { throw StoreError.damaged("document \(id): the logs differ") }
            report.documents += 1
            report.versions += versions.count
            report.logEntries += log.count
        }
        return report
    }

    /// Every document, in the trash or not, by id.
    private static func allDocuments(_ store: any DocumentStore) throws -> [DocumentRecord] {
        try (store.documents(trashed: false) + store.documents(trashed: true)).sorted { $0.id < $1.id }
    }
}
