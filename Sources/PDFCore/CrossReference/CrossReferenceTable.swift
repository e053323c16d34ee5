/// Where an object lives (ISO 32000-2, 7.5.4 and 7.5.8.3).
public enum CrossReferenceEntry: Hashable, Sendable {
    /// A free (deleted or never used) object number.
    case free(nextGeneration: Int)
    /// An object stored directly in the file at a byte offset.
    case inFile(offset: Int, generation: Int)
    /// An object stored at `index` inside the object stream `streamNumber` (generation 0).
    case inObjectStream(streamNumber: Int, index: Int)

    public var generation: Int {
        switch self {
        case .free(let g): return g
        case .inFile(_, let g): return g
        case .inObjectStream: return 0
        }
    }
}

/// The kind of the file's newest cross-reference section; an incremental update writes the same kind.
public enum CrossReferenceKind: String, Sendable {
    case table
    case stream
}

/// The merged cross-reference of a file: every section from the newest back along `/Prev`,
/// the newest definition of each object winning (7.5.6).
public struct CrossReferenceTable: Sendable {
    public internal(set) var entries: [Int: CrossReferenceEntry] = [:]
    /// About what one entry of ``entries`` takes in memory (a key, a value and the free room
    /// a hash table keeps), for charging a ``ResourceMeter``.
    static let bytesPerEntry = 48
    /// The newest trailer, with keys missing from it taken from older trailers.
    public internal(set) var trailer = PDFDictionary()
    /// The kind of the newest section.
    public internal(set) var kind: CrossReferenceKind = .table
    /// The byte offset of the newest section (what `startxref` points at); `/Prev` of an update.
    public internal(set) var startOffset: Int = 0
    /// Where the file's offsets count from: 0, or the position of `%PDF-` in a file with
    /// other data before it (PDF 2.0 allows such a prefix; offsets then count from the
    /// header). Entries hold absolute positions; writers subtract this base.
    public internal(set) var offsetBase: Int = 0
    /// Whether any section is hybrid (a table with `/XRefStm`).
    public internal(set) var isHybrid = false
    /// The object numbers of the cross-reference streams read: file structure, not content.
    public internal(set) var crossReferenceStreamNumbers = Set<Int>()
    /// How many sections were read.
    public internal(set) var sectionCount = 0

    public init() {}

    /// One more than the largest object number in use, declared by `/Size` or taken by a
    /// cross-reference stream (some writers number that stream `/Size` and leave it out of its
    /// own table: a new object given its number would be read as the stream by some readers).
    public var size: Int {
        let declared = trailer["Size"]?.integerValue ?? 0
        return max(declared, (entries.keys.max() ?? 0) + 1, (crossReferenceStreamNumbers.max() ?? -1) + 1)
    }

    /// Adds the entries of an older section: only numbers not yet defined are taken.
    mutating func merge(olderEntries: [Int: CrossReferenceEntry]) {
        if entries.isEmpty {
            entries = olderEntries  // the newest section: no copy entry by entry
            return
        }
        entries.merge(olderEntries) { newer, _ in newer }
    }

    /// Adds keys of an older trailer that the newer ones lack (`/Prev`, `/XRefStm` excluded).
    mutating func merge(olderTrailer: PDFDictionary) {
        for (key, value) in olderTrailer where trailer[key] == nil {
            if key == "Prev" || key == "XRefStm" { continue }
            trailer[key] = value
        }
    }
}
