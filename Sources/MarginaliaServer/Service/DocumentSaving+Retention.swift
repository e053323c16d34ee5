import Foundation
import Marginalia

/// What applying retention did (``DocumentSaving/applyRetention(now:)``).
public struct RetentionReport: Sendable, Equatable {
    /// One document whose versions were forgotten.
    public struct Pruned: Sendable, Equatable {
        public var document: String
        /// The numbers of the versions forgotten.
        public var versions: [Int]
        /// How many fewer bytes the document's versions take in the store.
        public var bytesRemoved: Int
    }

    public var pruned: [Pruned] = []
    /// Documents removed for good after their time in the trash.
    public var emptiedFromTrash: [String] = []
    /// Documents that could not be pruned, with the reason (the rest went on).
    public var failed: [String: String] = [:]

    public init() {}
}

extension DocumentSaving {
    /// Applies the store's retention settings (docs/store.md, "Retention") now: each
    /// document's versions beyond its policy are forgotten, bytes and all
    /// (``pruneVersions(_:policy:now:)``), and documents in the trash longer than the store's
    /// `trashDays` are removed for good. A document that fails is reported and skipped.
    public func applyRetention(now: Date = Date()) throws -> RetentionReport {
        let settings = try guarded { try store.retention() }
        var report = RetentionReport()
        for document in try guarded({ try store.documents(trashed: false) }) {
            do {
                let policy = try guarded { try store.retention(of: document.id) } ?? settings.versions
                if let pruned = try pruneVersions(document.id, policy: policy, now: now) { report.pruned.append(pruned) }
            } catch {
                report.failed[document.id] = "\(error)"
            }
        }
        if let trashDays = settings.trashDays {
            let before = now.addingTimeInterval(-Double(trashDays) * 86_400)
            for document in try guarded({ try store.documents(trashed: true) }) where (document.trashedAt ?? now) <= before {
                do {
                    try purge(document.id)
                    report.emptiedFromTrash.append(document.id)
                } catch {
                    report.failed[document.id] = "\(error)"
                }
            }
        }
        return report
    }

    /// Forgets the versions of document `id` that `policy` does not keep at `now`, so that
    /// their bytes leave the store: each file whose versions are all forgotten is removed,
    /// and each file that keeps some is rewritten (``PDFHistoryRewriter``) to hold only them,
    /// each reading as before. The latest version stays, and every version a signature
    /// covers stays byte for byte with the versions before it in its file. Unsaved edits
    /// (the log after the latest version) are kept. Nil when nothing was forgotten.
    ///
    /// - Throws: ``ServiceError/notFound(_:)``; ``ServiceError/conflict(_:)`` when another
    ///   replica saved meanwhile (nothing changed: try again).
    public func pruneVersions(_ id: String, policy: RetentionPolicy, now: Date = Date()) throws -> RetentionReport.Pruned? {
        // Most runs forget nothing: decided from the rows, before the document is opened.
        let listed = try guarded { try store.versions(id) }
        guard policy.kept(listed, now: now).count < listed.count else { return nil }
        return try documents.using(id) { document in
            return try withDocument(id) { (state: inout sending OpenDocument.State) -> sending RetentionReport.Pruned? in
                let pruned = try store.withDocumentLock(id) { () -> RetentionReport.Pruned? in
                    guard let (prune, report) = try planPrune(id, policy: policy, now: now) else { return nil }
                    try store.pruneVersions(id, prune)
                    return report
                }
                // Reopened on the rewritten file (the same content under new bytes), so that the
                // next save appends to what is stored; the log replays the unsaved edits.
                if pruned != nil { state = try documents.load(id) }
                return pruned
            }
        }
    }

    /// What forgetting the versions `policy` does not keep takes: the rows to delete and the
    /// files rewritten (``PDFHistoryRewriter``), with what the report will say; nil when every
    /// version stays. Reads the store only.
    private func planPrune(_ id: String, policy: RetentionPolicy, now: Date) throws -> (VersionPrune, RetentionReport.Pruned)? {
        let versions = try store.versions(id)
        guard let latest = versions.last else { return nil }
        let files = Dictionary(grouping: versions, by: \.file).mapValues { $0.sorted { $0.number < $1.number } }
        var kept = policy.kept(versions, now: now)
        // A signature covers its version and every byte before it in the file.
        var signedEnds: [String: Int] = [:]
        for (file, inFile) in files {
            guard let last = inFile.last else { continue }
            let ends = try PDFFile(source: ByteSource(data: try store.versionData(id, number: last.number)),
                                   limits: readingLimits).signatureCoverage()
            guard let end = ends.filter({ $0 <= last.byteLength }).max() else { continue }
            signedEnds[file] = end
            kept.formUnion(inFile.filter { $0.byteLength <= end }.map(\.number))
        }
        let removed = versions.filter { !kept.contains($0.number) }
        guard !removed.isEmpty else { return nil }

        var rewrites: [VersionPrune.Rewrite] = []
        var bytesAfter = 0
        for (file, inFile) in files.sorted(by: { $0.key < $1.key }) {
            let keptHere = inFile.filter { kept.contains($0.number) }
            guard let lastKept = keptHere.last else { continue }  // the whole file goes
            guard keptHere.count < inFile.count else {
                bytesAfter += lastKept.byteLength
                continue
            }
            let whole = try store.versionData(id, number: lastKept.number)
            // Versions a signature covers stay as they are; the last of them is the base.
            let signedEnd = signedEnds[file] ?? -1
            let signed = keptHere.filter { $0.byteLength <= signedEnd }
            let chain = Array(signed.suffix(1)) + keptHere.filter { $0.byteLength > signedEnd }
            let result = try PDFHistoryRewriter.rewrite(chain.map { Array(whole.prefix($0.byteLength)) },
                                                        keepsFirstAsItIs: !signed.isEmpty, limits: readingLimits)
            let lengths = signed.dropLast().map { ($0.number, $0.byteLength) } + zip(chain, result.lengths).map { ($0.number, $1) }
            rewrites.append(VersionPrune.Rewrite(oldFile: file, bytes: Data(result.bytes), lengths: lengths))
            bytesAfter += result.bytes.count
        }
        let bytesBefore = files.values.reduce(0) { $0 + ($1.last?.byteLength ?? 0) }
        let numbers = removed.map(\.number)
        return (VersionPrune(latest: latest.number, removed: numbers, rewrites: rewrites),
                RetentionReport.Pruned(document: id, versions: numbers, bytesRemoved: bytesBefore - bytesAfter))
    }
}
