import Foundation
import Synchronization

/// The files of saved versions served lately, with their tags, so a range reader asking for
/// a version piece by piece (pdf.js on `GET …/versions/{n}/file`) costs one read of the
/// version, not one per piece.
///
/// A version's bytes never change under its key: the document, the number, the store's file
/// holding it and its length (a save appends to the file after the version; retention rewrites
/// versions into new files). So an entry is never stale, only unused: the least recently used
/// go once the cache holds more than ``capacity`` bytes, and a version larger than that is not
/// kept at all.
final class VersionFiles: Sendable {
    struct Key: Hashable {
        let document: String
        let number: Int
        let file: String
        let length: Int
    }

    private struct Entries {
        var files: [Key: (file: CurrentFile, used: Int)] = [:]
        var bytes = 0
        var clock = 0
    }

    /// The most bytes kept.
    let capacity: Int
    private let entries = Mutex(Entries())

    init(capacity: Int = 64 << 20) {
        self.capacity = max(0, capacity)
    }

    /// The file of version `key`, known by `tag`, read by `read` when it is not kept.
    func file(_ key: Key, tag: String, read: () throws -> Data) rethrows -> CurrentFile {
        let kept = entries.withLock { entries -> CurrentFile? in
            guard let found = entries.files[key] else { return nil }
            entries.clock += 1
            entries.files[key]?.used = entries.clock
            return found.file
        }
        if let kept { return kept }
        // A version is whole: the stored version it begins with is itself.
        let data = try read()
        let made = CurrentFile(stored: data, storedTag: tag)
        guard data.count <= capacity else { return made }
        entries.withLock { entries in
            if entries.files[key] == nil { entries.bytes += data.count }
            entries.clock += 1
            entries.files[key] = (made, entries.clock)
            while entries.bytes > capacity, let oldest = entries.files.min(by: { $0.value.used < $1.value.used }) {
                entries.files[oldest.key] = nil
                entries.bytes -= oldest.value.file.data.count
            }
        }
        return made
    }

    /// Forgets the versions of a document removed for good.
    func forget(_ document: String) {
        entries.withLock { entries in
            for key in entries.files.keys where key.document == document {
                entries.bytes -= entries.files[key]?.file.data.count ?? 0
                entries.files[key] = nil
            }
        }
    }
}
