import Foundation

extension PostgresDocumentStore {
    /// Records a save: the bytes `bytes` appends to version `basedOn` become a chunk, then,
    /// holding the row lock, the version row is added if `basedOn` is still the latest
    /// version (see ``DocumentStore/saveVersion(_:bytes:basedOn:revision:pageCount:now:)``).
    ///
    /// Only the appended bytes are stored; the join with the stored state is checked by
    /// comparing the bytes just before it (up to 1 KiB) with the stored chunk's end.
    public func saveVersion(_ id: String, bytes: Data, basedOn: Int, revision: Int, pageCount: Int,
                            now: Date) throws -> VersionRecord {
        let (record, latest) = try latestVersion(id, basedOn: basedOn)
        let stored = latest.record.byteLength
        let tail = min(1_024, stored - latest.offset)
        let storedEnd = try blobs.suffix(latest.chunk, length: tail)
        guard bytes.count >= stored, bytes[(stored - tail)..<stored].elementsEqual(storedEnd) else {
            throw StoreError.invalidRequest("a save of document \(id) must append to its stored file")
        }
        return try appendVersion(id, update: Data(bytes[stored...]), basedOn: basedOn, revision: revision,
                                 pageCount: pageCount, now: now)
    }

    /// The document and its latest version, which a save must be based on.
    ///
    /// - Throws: ``StoreError/conflict(_:_:)`` when `basedOn` is no longer the latest version.
    private func latestVersion(_ id: String, basedOn: Int) throws
        -> (DocumentRecord, (record: VersionRecord, chunk: String, offset: Int)) {
        try DocumentID.validate(id)
        let (record, versions) = try pool.withConnection { connection in
            (try fetchDocument(id, on: connection), try fetchVersions(id, on: connection))
        }
        guard let latest = versions.last else { throw StoreError.damaged("document \(id) has no version") }
        guard latest.record.number == basedOn, latest.record.file == record.file else {
            throw StoreError.conflict("document \(id) was saved as version \(latest.record.number) since version \(basedOn)",
                                      .savedSince(latest: latest.record.number, basedOn: basedOn))
        }
        return (record, latest)
    }

    /// Records a save given only what it appends: `update` becomes the new version's chunk,
    /// after version `basedOn`'s bytes, which are not read (see
    /// ``DocumentStore/appendVersion(_:update:basedOn:revision:pageCount:now:)``).
    public func appendVersion(_ id: String, update: Data, basedOn: Int, revision: Int, pageCount: Int,
                              now: Date) throws -> VersionRecord {
        let (record, latest) = try latestVersion(id, basedOn: basedOn)
        let stored = latest.record.byteLength
        let number = latest.record.number + 1
        let chunk = Self.chunkKey(id, number)
        try blobs.put(update, key: chunk)
        do {
            return try insertVersion(id, number: number, length: stored + update.count, revision: revision, file: record.file,
                                     chunk: chunk, offset: stored, pageCount: pageCount, startsHistory: false, now: now)
        } catch {
            try? blobs.remove(chunk)
            throw error
        }
    }

    public func versions(_ id: String) throws -> [VersionRecord] {
        try DocumentID.validate(id)
        return try pool.withConnection { connection in
            let versions = try fetchVersions(id, on: connection).map(\.record)
            if versions.isEmpty { _ = try fetchDocument(id, on: connection) }
            return versions
        }
    }

    /// The bytes of a version: the chunks of its file up to it, joined.
    public func versionData(_ id: String, number: Int) throws -> Data {
        try DocumentID.validate(id)
        let versions = try pool.withConnection { connection in
            let versions = try fetchVersions(id, on: connection)
            if versions.isEmpty { _ = try fetchDocument(id, on: connection) }
            return versions
        }
        guard let version = versions.first(where: { $0.record.number == number }) else {
            throw StoreError.notFound("version \(number) of document \(id)")
        }
        return try assemble(versions.filter { $0.record.file == version.record.file && $0.record.number <= number }, id: id)
    }

    /// Makes version `number`'s content the document's state: its bytes become the first
    /// chunk of a new file (`<id>.r<m>.pdf`, m the new version's number), committed holding
    /// the row lock if the document is still at `revision` and no other version was added.
    public func restoreVersion(_ id: String, number: Int, revision: Int, pageCount: Int, now: Date) throws -> VersionRecord {
        let data = try versionData(id, number: number)
        let newNumber = (try versions(id).last?.number ?? 0) + 1
        let chunk = Self.chunkKey(id, newNumber)
        try blobs.put(data, key: chunk)
        do {
            return try insertVersion(id, number: newNumber, length: data.count, revision: revision,
                                     file: "\(id).r\(newNumber).pdf", chunk: chunk, offset: 0, pageCount: pageCount,
                                     startsHistory: true, now: now)
        } catch {
            try? blobs.remove(chunk)
            throw error
        }
    }

    /// Adds version `number` holding the row lock, after checking that it is the next number,
    /// that `revision` is not ahead of the log, and, for a restore, that the log is at it.
    private func insertVersion(_ id: String, number: Int, length: Int, revision: Int, file: String, chunk: String,
                               offset: Int, pageCount: Int, startsHistory: Bool, now: Date) throws -> VersionRecord {
        let time = now.timeIntervalSince1970
        return try pool.transaction { connection in
            let document = try fetchDocument(id, on: connection, forUpdate: true)
            let latest = try connection.query("SELECT max(number) FROM versions WHERE document = $1", [.text(id)])
                .first?.integer(0) ?? 0
            guard latest == number - 1 else {
                throw StoreError.conflict("document \(id) got version \(latest) from another replica first",
                                          .savedSince(latest: latest, basedOn: number - 1))
            }
            guard revision <= document.revision else {
                throw StoreError.invalidRequest(
                    "a version of document \(id) at revision \(revision) would be ahead of its log (revision \(document.revision))")
            }
            // A save appends to the file it read; a prune may have rewritten it meanwhile.
            guard startsHistory || document.file == file else {
                throw StoreError.conflict("document \(id) moved to \(document.file) before version \(number) could be added to \(file)")
            }
            guard !startsHistory || revision == document.revision else {
                throw StoreError.conflict(
                    "document \(id) moved to revision \(document.revision) before version \(number) could start at \(revision)",
                    .restoreOvertaken)
            }
            try connection.query("""
                INSERT INTO versions (document, number, byte_length, revision, created, file, chunk, chunk_offset)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                """, [.text(id), .integer(number), .integer(length), .integer(revision), .real(time), .text(file),
                      .text(chunk), .integer(offset)])
            try connection.query("""
                UPDATE documents SET saved_revision = $2, file = $3, page_count = $4, modified = $5,
                    history_base = CASE WHEN $6 THEN $2 ELSE history_base END
                WHERE id = $1
                """, [.text(id), .integer(revision), .text(file), .integer(pageCount), .real(time),
                      .text(startsHistory ? "true" : "false")])
            try announce(connection, [startsHistory ? "restored" : "saved", id, String(number)])
            return VersionRecord(number: number, byteLength: length, revision: revision,
                                 created: Date(timeIntervalSince1970: time), file: file)
        }
    }
}
