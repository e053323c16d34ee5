import Foundation

// The comparison behind `marginalia store verify` (and the check that ends `store migrate`):
// the catalogue rows, each version's row and bytes, each log entry and each upload's bytes,
// then each document as the server serves it (StoreMigration+Served.swift).

extension StoreMigration {
    /// Compares two stores document by document (in and out of the trash): the rows, the
    /// versions (numbers, lengths, revisions, times, files and bytes), the log entries
    /// (revision, client, kind, JSON, time, author), the uploads (numbers and bytes), and
    /// then the document as ``DocumentService`` opens it on each store, its unsaved log
    /// replayed (``ServedDocument``). Nothing is written to either store.
    ///
    /// - Returns: what was compared.
    /// - Throws: ``StoreDifference`` naming the first difference; ``StoreError`` when a store
    ///   cannot be read.
    public static func verify(_ copy: any DocumentStore, against source: any DocumentStore) throws -> Report {
        var report = Report()
        let expected = try allDocuments(source)
        let copied = try allDocuments(copy)
        let sourceIDs = expected.map(\.id)
        let copyIDs = copied.map(\.id)
        guard sourceIDs == copyIDs else {
            throw StoreDifference.documents(onlyInSource: sourceIDs.filter { !Set(copyIDs).contains($0) },
                                            onlyInCopy: copyIDs.filter { !Set(sourceIDs).contains($0) })
        }
        let served = ServedComparison(source: source, copy: copy)
        for (original, duplicate) in zip(expected, copied) {
            let id = original.id
            if let (column, mine, theirs) = firstDifferentColumn(original, duplicate, rowColumns) {
                throw StoreDifference.row(document: id, column: column, source: mine, copy: theirs)
            }
            try compareVersions(id, copy, source, into: &report)
            try compareLogs(id, copy, source, into: &report)
            try compareUploads(id, copy, source, into: &report)
            let (ownHere, ownThere) = (try source.retention(of: id), try copy.retention(of: id))
            guard ownHere == ownThere else {
                throw StoreDifference.retention(document: id, source: "\(String(describing: ownHere))", copy: "\(String(describing: ownThere))")
            }
            if try !served.compare(id) { report.unservable.append(id) }
            report.documents += 1
        }
        let (settingsHere, settingsThere) = (try source.retention(), try copy.retention())
        guard settingsHere == settingsThere else {
            throw StoreDifference.retention(document: nil, source: "\(settingsHere)", copy: "\(settingsThere)")
        }
        if let mine = source as? any PeopleReading, let theirs = copy as? any PeopleReading,
           let difference = try mine.peopleSnapshot().firstDifference(from: theirs.peopleSnapshot()) {
            throw StoreDifference.people(difference)
        }
        return report
    }

    private static func compareVersions(_ id: String, _ copy: any DocumentStore, _ source: any DocumentStore,
                                        into report: inout Report) throws {
        let mine = try source.versions(id)
        let theirs = try copy.versions(id)
        for (index, version) in mine.enumerated() {
            guard index < theirs.count else {
                throw StoreDifference.version(document: id, number: version.number, what: "the copy lacks it")
            }
            if let (column, a, b) = firstDifferentColumn(version, theirs[index], versionColumns) {
                throw StoreDifference.version(document: id, number: version.number,
                                              what: "its \(column) is \(a) in the source, \(b) in the copy")
            }
            let bytes = try source.versionData(id, number: version.number)
            if let offset = StoreDifference.firstDifference(bytes, try copy.versionData(id, number: version.number)) {
                throw StoreDifference.versionBytes(document: id, number: version.number, offset: offset)
            }
            report.versions += 1
            report.versionBytes += bytes.count
        }
        if theirs.count > mine.count {
            throw StoreDifference.version(document: id, number: theirs[mine.count].number, what: "only the copy has it")
        }
    }

    private static func compareLogs(_ id: String, _ copy: any DocumentStore, _ source: any DocumentStore,
                                    into report: inout Report) throws {
        let mine = try source.operations(id, after: 0)
        let theirs = try copy.operations(id, after: 0)
        for (entry, other) in zip(mine, theirs) {
            if let (column, a, b) = firstDifferentColumn(entry, other, logColumns) {
                throw StoreDifference.logEntry(document: id, revision: entry.revision,
                                               what: "its \(column) is \(a) in the source, \(b) in the copy")
            }
        }
        if mine.count != theirs.count {
            let longer = mine.count > theirs.count ? mine[theirs.count] : theirs[mine.count]
            throw StoreDifference.logEntry(document: id, revision: longer.revision,
                                           what: mine.count > theirs.count ? "the copy lacks it" : "only the copy has it")
        }
        report.logEntries += mine.count
    }

    private static func compareUploads(_ id: String, _ copy: any DocumentStore, _ source: any DocumentStore,
                                       into report: inout Report) throws {
        let numbers = try source.uploadNumbers(id)
        let copied = try copy.uploadNumbers(id)
        guard numbers == copied else { throw StoreDifference.uploads(document: id, source: numbers, copy: copied) }
        for number in numbers {
            let bytes = try source.uploadData(id, number: number)
            if let offset = StoreDifference.firstDifference(bytes, try copy.uploadData(id, number: number)) {
                throw StoreDifference.uploadBytes(document: id, number: number, offset: offset)
            }
            report.uploads += 1
            report.uploadBytes += bytes.count
        }
    }

    // MARK: - Columns

    /// A column's name and how to show its value.
    typealias Column<Row> = (name: String, value: @Sendable (Row) -> String)

    /// The first column in which `a` and `b` differ: its name and both values.
    static func firstDifferentColumn<Row>(_ a: Row, _ b: Row, _ columns: [Column<Row>]) -> (String, String, String)? {
        for column in columns {
            let (mine, theirs) = (column.value(a), column.value(b))
            if mine != theirs { return (column.name, mine, theirs) }
        }
        return nil
    }

    static let rowColumns: [Column<DocumentRecord>] = [
        ("name", { $0.name }), ("kind", { $0.kind.rawValue }), ("created", { time($0.created) }),
        ("modified", { time($0.modified) }), ("trashed_at", { $0.trashedAt.map(time) ?? "NULL" }),
        ("revision", { "\($0.revision)" }), ("saved_revision", { "\($0.savedRevision)" }),
        ("history_base", { "\($0.historyBase)" }), ("page_count", { "\($0.pageCount)" }), ("file", { $0.file }),
        ("size", { "\($0.size)" }),
    ]

    static let versionColumns: [Column<VersionRecord>] = [
        ("number", { "\($0.number)" }), ("byte_length", { "\($0.byteLength)" }), ("revision", { "\($0.revision)" }),
        ("created", { time($0.created) }), ("file", { $0.file }), ("redacted", { "\($0.historyRedacted)" }),
    ]

    static let logColumns: [Column<OperationRecord>] = [
        ("revision", { "\($0.revision)" }), ("client_id", { $0.clientID }), ("kind", { $0.kind.rawValue }),
        ("json", { $0.json }), ("created", { time($0.created) }), ("author", { $0.author ?? "NULL" }),
    ]

    /// A time as the stores keep it: seconds since 1970, every digit.
    @Sendable static func time(_ date: Date) -> String { "\(date.timeIntervalSince1970)" }
}
