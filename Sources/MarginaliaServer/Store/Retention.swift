import Foundation

/// How long a document's versions are kept (docs/store.md, "Retention"): the last
/// ``keepVersions`` versions, or those made in the last ``keepDays`` days, or both (a version
/// either keeps is kept). The latest version and every signed one are always kept. With
/// neither set, every version is kept (the default).
public struct RetentionPolicy: Sendable, Equatable, Hashable {
    /// How many of the latest versions are kept (at least 1), or nil for no count.
    public var keepVersions: Int?
    /// How many days back versions are kept (0: none for their age), or nil for no age.
    public var keepDays: Int?

    public init(keepVersions: Int? = nil, keepDays: Int? = nil) {
        self.keepVersions = keepVersions
        self.keepDays = keepDays
    }

    /// Whether the policy keeps every version.
    public var keepsEverything: Bool { keepVersions == nil && keepDays == nil }

    /// Checks the numbers.
    ///
    /// - Throws: ``StoreError/invalidRequest(_:)`` naming the setting out of range.
    public func validate() throws {
        if let keepVersions, !(1...1_000_000).contains(keepVersions) {
            throw StoreError.invalidRequest("keepVersions must be from 1 to 1000000, not \(keepVersions)")
        }
        if let keepDays, !(0...100_000).contains(keepDays) {
            throw StoreError.invalidRequest("keepDays must be from 0 to 100000, not \(keepDays)")
        }
    }

    /// The numbers of the versions this policy keeps at `now`: the latest, the last
    /// ``keepVersions`` and those made within ``keepDays`` days. (Signed versions are kept
    /// too: ``DocumentService/pruneVersions(_:policy:now:)`` adds them, reading the files.)
    public func kept(_ versions: [VersionRecord], now: Date) -> Set<Int> {
        guard !keepsEverything, let latest = versions.map(\.number).max() else { return Set(versions.map(\.number)) }
        var kept: Set = [latest]
        if let keepVersions {
            kept.formUnion(versions.map(\.number).sorted().suffix(keepVersions))
        }
        if let keepDays {
            let since = now.addingTimeInterval(-Double(keepDays) * 86_400)
            kept.formUnion(versions.filter { $0.created >= since }.map(\.number))
        }
        return kept
    }
}

/// A store's retention settings: the policy for documents without one of their own, and
/// how long a document stays in the trash before it is removed for good (nil: until someone
/// empties it).
public struct StoreRetention: Sendable, Equatable {
    public var versions: RetentionPolicy
    public var trashDays: Int?

    public init(versions: RetentionPolicy = RetentionPolicy(), trashDays: Int? = nil) {
        self.versions = versions
        self.trashDays = trashDays
    }

    /// Checks the numbers.
    ///
    /// - Throws: ``StoreError/invalidRequest(_:)`` naming the setting out of range.
    public func validate() throws {
        try versions.validate()
        if let trashDays, !(0...100_000).contains(trashDays) {
            throw StoreError.invalidRequest("trashDays must be from 0 to 100000, not \(trashDays)")
        }
    }
}

/// Versions of one document to forget, and the files rewritten so that their bytes go too
/// (``DocumentStore/pruneVersions(_:_:)``).
public struct VersionPrune: Sendable {
    /// One file of the document written anew: its versions kept, under their new lengths.
    public struct Rewrite: Sendable {
        /// The file the versions were in (the store names the new one).
        public var oldFile: String
        public var bytes: Data
        /// Each version kept, by number, and its length in ``bytes``, oldest first.
        public var lengths: [(number: Int, byteLength: Int)]

        public init(oldFile: String, bytes: Data, lengths: [(number: Int, byteLength: Int)]) {
            self.oldFile = oldFile
            self.bytes = bytes
            self.lengths = lengths
        }
    }

    /// The document's latest version when the prune was planned: it is refused if another
    /// version was made since.
    public var latest: Int
    /// The versions whose rows go.
    public var removed: [Int]
    public var rewrites: [Rewrite]

    public init(latest: Int, removed: [Int], rewrites: [Rewrite]) {
        self.latest = latest
        self.removed = removed
        self.rewrites = rewrites
    }

    public var isEmpty: Bool { removed.isEmpty && rewrites.isEmpty }
}
