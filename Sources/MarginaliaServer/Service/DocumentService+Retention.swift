import Foundation
import Marginalia

/// What applying retention did (``DocumentService/applyRetention(now:)``).
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

extension DocumentService {
    /// Applies the store's retention settings (docs/store.md, "Retention") now: each
    /// document's versions beyond its policy are forgotten, bytes and all
    /// (``pruneVersions(_:policy:now:)``), and documents in the trash longer than the store's
    /// `trashDays` are removed for good. A document that fails is reported and skipped.
    public func applyRetention(now: Date = Date()) throws -> RetentionReport {
        let settings = try guarded { try store.retention() }
        var report = RetentionReport()
        for document in try list() {
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
        guard policy.kept(listed, signed: [], now: now).count < listed.count else { return nil }
        let document = try guarded { try self.entry(id) }
        return try withDocument(id) { (state: inout OpenDocument.State) -> RetentionReport.Pruned? in
            let pruned = try store.withDocumentLock(id) { () -> RetentionReport.Pruned? in
                let versions = try store.versions(id)
                guard let latest = versions.last else { return nil }
                let files = Dictionary(grouping: versions, by: \.file).mapValues { $0.sorted { $0.number < $1.number } }
                var kept = policy.kept(versions, signed: [], now: now)
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
                    guard let lastKept = keptHere.last else { continue }
                    guard keptHere.count < inFile.count else {
                        bytesAfter += inFile.last?.byteLength ?? 0
                        continue
                    }
                    let whole = try store.versionData(id, number: lastKept.number)
                    // Versions a signature covers stay as they are; the last of them is the base.
                    let signed = keptHere.filter { $0.byteLength <= signedEnds[file] ?? -1 }
                    let chain = Array(signed.suffix(1)) + keptHere.filter { $0.byteLength > signedEnds[file] ?? -1 }
                    let result = try PDFHistoryRewriter.rewrite(chain.map { Array(whole.prefix($0.byteLength)) },
                                                                keepsFirstAsItIs: !signed.isEmpty, limits: readingLimits)
                    let lengths = signed.dropLast().map { ($0.number, $0.byteLength) }
                        + zip(chain, result.lengths).map { ($0.number, $1) }
                    rewrites.append(VersionPrune.Rewrite(oldFile: file, bytes: Data(result.bytes), lengths: lengths))
                    bytesAfter += result.bytes.count
                }
                let bytesBefore = files.values.reduce(0) { $0 + ($1.last?.byteLength ?? 0) }
                try store.pruneVersions(id, VersionPrune(latest: latest.number, removed: removed.map(\.number),
                                                         rewrites: rewrites))
                return RetentionReport.Pruned(document: id, versions: removed.map(\.number),
                                              bytesRemoved: bytesBefore - bytesAfter)
            }
            // Reopened on the rewritten file (the same content under new bytes), so that the
            // next save appends to what is stored; the log replays the unsaved edits.
            if pruned != nil { state = try load(id, into: document) }
            return pruned
        }
    }
}
