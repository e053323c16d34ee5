import Foundation

/// Backs up a data folder (the SQLite store) while a server may be using it, and restores a
/// backup into a new folder (`marginalia store backup` and `store restore`, docs/store.md,
/// "Backups").
///
/// The catalogue is copied with SQLite's online backup API: the database as it was at one
/// moment. The files follow from that snapshot: a document's file only ever grows by
/// appended updates (a restore writes a new file), so the prefix each version of the
/// snapshot names is the bytes it had then, whatever the server appended since; uploads are
/// never changed once written. A file removed meanwhile (a document purged) makes the
/// backup start again, up to three times.
public enum StoreBackup {
    /// What a backup or a restore copied and checked.
    public struct Report: Equatable, Sendable, CustomStringConvertible {
        public var documents = 0
        public var versions = 0
        public var files = 0
        /// Bytes of the files copied (the catalogue not included).
        public var fileBytes = 0

        public var description: String {
            "\(documents) document(s), \(versions) version(s), \(files) file(s) (\(fileBytes) bytes)"
        }
    }

    /// Copies the data folder `source` into `target`, a new or empty folder, then checks
    /// the copy: every document opens as the server would open it (its log replayed), and
    /// every version and upload reads back.
    ///
    /// - Throws: ``StoreError/invalidRequest(_:)`` when `target` holds anything or `source`
    ///   is not a data folder; ``StoreError`` when a file cannot be read or written, or the
    ///   copy does not open.
    public static func backUp(from source: URL, to target: URL) throws -> Report {
        try requireCatalogue(in: source)
        try requireEmpty(target)
        var attempt = 1
        while true {
            do {
                return try copySnapshot(from: source, to: target)
            } catch BackupRace.fileGone where attempt < 3 {
                // Purged after the snapshot was taken: take a new one.
                try? FileManager.default.removeItem(at: target)
                attempt += 1
            } catch BackupRace.fileGone(let name) {
                throw StoreError.io(path: source.appendingPathComponent("files/\(name)").path,
                                    message: "removed while it was being backed up, three times: try again")
            }
        }
    }

    /// Copies the backup folder `backup` into `target`, a new or empty folder that a server
    /// will then use, and compares the two as `store verify` does (rows, versions and their
    /// bytes, logs, uploads, and each document as served).
    ///
    /// - Throws: ``StoreError/invalidRequest(_:)`` when `target` holds anything or `backup`
    ///   holds no catalogue; ``StoreDifference`` when the restored folder differs.
    public static func restore(from backup: URL, to target: URL) throws -> StoreMigration.Report {
        try requireCatalogue(in: backup)
        try requireEmpty(target)
        _ = try copySnapshot(from: backup, to: target)
        return try StoreMigration.verify(try SQLiteDocumentStore(readingFrom: target),
                                         against: try SQLiteDocumentStore(readingFrom: backup))
    }

    private enum BackupRace: Error {
        case fileGone(String)
    }

    /// The catalogue by the backup API, then the files it names, then the check.
    private static func copySnapshot(from source: URL, to target: URL) throws -> Report {
        let files = target.appendingPathComponent("files", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        } catch {
            throw StoreError.io(path: files.path, message: "cannot create the folder (\(error.localizedDescription))")
        }
        try SQLiteDatabase.backUp(source.appendingPathComponent("catalogue.sqlite").path,
                                  to: target.appendingPathComponent("catalogue.sqlite").path)
        let snapshot = try SQLiteDocumentStore(readingFrom: target)
        var report = Report()
        for record in try StoreMigration.allDocuments(snapshot) {
            report.documents += 1
            let versions = try snapshot.versions(record.id)
            report.versions += versions.count
            // Each file up to the longest version it holds in the snapshot.
            var lengths: [String: Int] = [:]
            for version in versions { lengths[version.file] = max(lengths[version.file] ?? 0, version.byteLength) }
            for (name, length) in lengths.sorted(by: { $0.key < $1.key }) {
                report.fileBytes += try copyFile(name, prefix: length, from: source, to: target)
                report.files += 1
            }
            for name in try uploadFiles(of: record.id, in: source) {
                report.fileBytes += try copyFile(name, prefix: nil, from: source, to: target)
                report.files += 1
            }
        }
        try check(SQLiteDocumentStore(readingFrom: target))
        return report
    }

    /// Copies `files/name` (its first `prefix` bytes, or all of it), writing the copy
    /// atomically; the number of bytes copied.
    private static func copyFile(_ name: String, prefix: Int?, from source: URL, to target: URL) throws -> Int {
        let from = source.appendingPathComponent("files/\(name)")
        let to = target.appendingPathComponent("files/\(name)")
        guard FileManager.default.fileExists(atPath: from.path) else { throw BackupRace.fileGone(name) }
        let data: Data
        do {
            data = try Data(contentsOf: from)
        } catch {
            throw StoreError.io(path: from.path, message: "cannot read the file (\(error.localizedDescription))")
        }
        if let prefix, data.count < prefix {
            throw StoreError.damaged("\(from.path) has \(data.count) bytes; the catalogue names \(prefix)")
        }
        let kept = prefix.map { data.prefix($0) } ?? data
        do {
            try kept.write(to: to, options: .atomic)
        } catch {
            throw StoreError.io(path: to.path, message: "cannot write the copy (\(error.localizedDescription))")
        }
        return kept.count
    }

    /// The upload files (`<id>.u<n>.pdf`) of a document in a data folder.
    private static func uploadFiles(of id: String, in folder: URL) throws -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("files").path)) ?? []
        return names.filter { name in
            let parts = name.split(separator: ".")
            return parts.count == 3 && parts[0] == id && parts[1].first == "u" && parts[2] == "pdf"
        }.sorted()
    }

    /// Every document of `store` opens as served, and every version and upload reads back.
    static func check(_ store: SQLiteDocumentStore) throws {
        let service = DocumentService(store: store)
        for record in try StoreMigration.allDocuments(store) {
            defer { service.forget(record.id) }
            do {
                _ = try ServedDocument(record.id, from: service)
            } catch {
                throw StoreError.damaged("document \(record.id) of the copy does not open: \(error)")
            }
            for version in try store.versions(record.id) { _ = try store.versionData(record.id, number: version.number) }
            for number in try store.uploadNumbers(record.id) { _ = try store.uploadData(record.id, number: number) }
        }
    }

    private static func requireCatalogue(in folder: URL) throws {
        let catalogue = folder.appendingPathComponent("catalogue.sqlite").path
        guard FileManager.default.fileExists(atPath: catalogue) else {
            throw StoreError.invalidRequest("\(folder.path) holds no catalogue.sqlite: not a Marginalia data folder or backup")
        }
    }

    private static func requireEmpty(_ folder: URL) throws {
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard contents.isEmpty else {
            throw StoreError.invalidRequest("\(folder.path) is not empty: back up or restore into a new or empty folder")
        }
    }
}
