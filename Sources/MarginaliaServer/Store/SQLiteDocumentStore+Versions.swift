import Foundation

extension SQLiteDocumentStore {
    /// Records a save: replaces the document's current file with `bytes` (atomically) and
    /// adds a version row for it, setting the saved revision.
    ///
    /// `bytes` must be the stored state with an incremental update appended, so every
    /// version in the file stays a prefix of it. The file is written before the row is
    /// committed; ``loadDocument(_:)`` cuts back a file whose commit never happened.
    ///
    /// - Throws: ``StoreError/conflict(_:_:)`` when `basedOn` is not the latest version;
    ///   ``StoreError/invalidRequest(_:)`` when `bytes` is shorter than the stored state or
    ///   does not start with it (nothing is written); I/O and SQLite errors.
    public func saveVersion(_ id: String, bytes: Data, basedOn: Int, revision: Int, pageCount: Int,
                            now: Date) throws -> VersionRecord {
        let (record, versions) = try withDatabase { database in
            (try fetchDocument(id, in: database), try fetchVersions(id, in: database))
        }
        guard let latest = versions.last(where: { $0.file == record.file }) else {
            throw StoreError.damaged("document \(id) has no version in \(record.file)")
        }
        guard versions.last?.number == basedOn else {
            throw StoreError.conflict("document \(id) was saved as version \(versions.last?.number ?? 0) since version \(basedOn)",
                                      .savedSince(latest: versions.last?.number ?? 0, basedOn: basedOn))
        }
        let stored = try readFile(named: record.file).prefix(latest.byteLength)
        guard bytes.count >= stored.count, bytes.prefix(stored.count) == stored else {
            throw StoreError.invalidRequest("a save of document \(id) must append to its stored file")
        }
        try writeFile(named: record.file, bytes)
        let number = (versions.last?.number ?? 0) + 1
        return try insertVersion(id, number: number, length: bytes.count, revision: revision, file: record.file,
                                 pageCount: pageCount, startsHistory: false, now: now)
    }

    /// Records a save by appending `update` to the document's file in place, after the latest
    /// version's bytes, and adding a version row for it: the stored bytes are neither read
    /// nor copied, so a save costs what the edits cost, not the file's size.
    ///
    /// Every version is a prefix of the file, named by its length, so bytes after the latest
    /// version (an append whose row was never committed: a crash, a failed commit) belong to
    /// no version; they are cut off before appending, and ``loadDocument(_:)`` cuts them too.
    /// A version's bytes are never touched.
    ///
    /// - Throws: ``StoreError/conflict(_:_:)`` when `basedOn` is not the latest version
    ///   (nothing is written); I/O and SQLite errors.
    public func appendVersion(_ id: String, update: Data, basedOn: Int, revision: Int, pageCount: Int,
                              now: Date) throws -> VersionRecord {
        let (record, versions) = try withDatabase { database in
            (try fetchDocument(id, in: database), try fetchVersions(id, in: database))
        }
        guard let latest = versions.last, latest.number == basedOn else {
            throw StoreError.conflict("document \(id) was saved as version \(versions.last?.number ?? 0) since version \(basedOn)",
                                      .savedSince(latest: versions.last?.number ?? 0, basedOn: basedOn))
        }
        guard latest.file == record.file else { throw StoreError.damaged("document \(id) has no version in \(record.file)") }
        try appendFile(named: record.file, at: latest.byteLength, update)
        return try insertVersion(id, number: latest.number + 1, length: latest.byteLength + update.count, revision: revision,
                                 file: record.file, pageCount: pageCount, startsHistory: false, now: now)
    }

    /// The versions of a document, oldest first.
    public func versions(_ id: String) throws -> [VersionRecord] {
        try withDatabase { database in
            _ = try fetchDocument(id, in: database)
            return try fetchVersions(id, in: database)
        }
    }

    /// The bytes of a version: the prefix of its file.
    public func versionData(_ id: String, number: Int) throws -> Data {
        let version = try version(id, number: number)
        let data = try readFile(named: version.file)
        guard data.count >= version.byteLength else {
            throw StoreError.damaged("\(version.file) is shorter than version \(number) (\(version.byteLength) bytes)")
        }
        return data.prefix(version.byteLength)
    }

    /// The file holding version `number` (its first `byteLength` bytes), to map.
    public func versionFile(_ id: String, number: Int) throws -> (url: URL, length: Int)? {
        let version = try version(id, number: number)
        return (try fileURL(named: version.file), version.byteLength)
    }

    /// Makes version `number`'s content the document's state, as a new version.
    ///
    /// The content is written to a new file, `files/<id>.r<m>.pdf` (m: the new version's
    /// number), which later saves append to; the earlier files are never changed again, so
    /// every version stays readable. The saved revision and the start of the undo history
    /// become `revision`: operations logged before it are not replayed on this content.
    ///
    /// - Throws: ``StoreError/notFound(_:)``, ``StoreError/conflict(_:_:)`` when `revision` is
    ///   not the document's revision, I/O and SQLite errors.
    public func restoreVersion(_ id: String, number: Int, revision: Int, pageCount: Int,
                               now: Date) throws -> VersionRecord {
        let data = try versionData(id, number: number)
        let newNumber = (try versions(id).last?.number ?? 0) + 1
        let file = "\(id).r\(newNumber).pdf"
        try writeFile(named: file, data)
        do {
            return try insertVersion(id, number: newNumber, length: data.count, revision: revision, file: file,
                                     pageCount: pageCount, startsHistory: true, now: now)
        } catch {
            removeFile(named: file)
            throw error
        }
    }

    private func insertVersion(_ id: String, number: Int, length: Int, revision: Int, file: String, pageCount: Int,
                               startsHistory: Bool, now: Date) throws -> VersionRecord {
        let time = now.timeIntervalSince1970
        return try withDatabase { database in
            try database.transaction {
                // A version holds only logged edits: one ahead of the log would make a restart
                // believe edits are saved that the log never had.
                let document = try fetchDocument(id, in: database)
                guard revision <= document.revision else {
                    throw StoreError.invalidRequest(
                        "a version of document \(id) at revision \(revision) would be ahead of its log (revision \(document.revision))")
                }
                // A restore starts a new history at `revision`: entries logged after it would
                // be replayed on content they were not made for.
                guard !startsHistory || revision == document.revision else {
                    throw StoreError.conflict(
                        "document \(id) moved to revision \(document.revision) before version \(number) could start at \(revision)",
                        .restoreOvertaken)
                }
                try database.run("""
                    INSERT INTO versions (document, number, byte_length, revision, created, file) VALUES (?, ?, ?, ?, ?, ?)
                    """, [.text(id), .integer(number), .integer(length), .integer(revision), .real(time), .text(file)])
                try database.run("""
                    UPDATE documents SET saved_revision = ?, file = ?, page_count = ?, modified = ?,
                        history_base = CASE WHEN ? THEN ? ELSE history_base END
                    WHERE id = ?
                    """, [.integer(revision), .text(file), .integer(pageCount), .real(time),
                          .integer(startsHistory ? 1 : 0), .integer(revision), .text(id)])
                return VersionRecord(number: number, byteLength: length, revision: revision,
                                     created: Date(timeIntervalSince1970: time), file: file)
            }
        }
    }

    func fetchVersions(_ id: String, in database: SQLiteDatabase) throws -> [VersionRecord] {
        try database.rows("""
            SELECT number, byte_length, revision, created, file, redacted FROM versions WHERE document = ? ORDER BY number
            """, [.text(id)]).map(Self.versionRecord)
    }
}
