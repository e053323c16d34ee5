import Foundation
import Synchronization

/// The strong `ETag` of each static file (``StaticFiles``), worked out from its bytes once and
/// kept while the file is unchanged, so that a browser holding a copy (pdf.js's 2.4 MB worker
/// script, the editor's modules) is answered `304 Not Modified` instead of sent it again
/// (RFC 9110, 8.8.3 and 13.1.2; issue 36, docs/editor-web.md "Large files").
///
/// A file counts as unchanged while its device, inode, size, modification and status change
/// times (to the nanosecond) are: a file replaced or rewritten in place, even with its
/// modification time kept, gets its tag worked out again. The
/// tag names the bytes (``Digest/entityTag(_:)``), not the stat, so two servers serving the
/// same files give the same tags.
final class StaticFileTags: Sendable {
    /// What identifies one version of a file on disk.
    struct Version: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
        /// The status change time, which no one sets by hand (a copy that keeps the
        /// modification time, `cp -p`, still changes it).
        var changeSeconds: Int
        var changeNanoseconds: Int

        /// The version of the file at `path` now; nil when it cannot be read.
        init?(of path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            seconds = Int(info.st_mtim.tv_sec)
            nanoseconds = Int(info.st_mtim.tv_nsec)
            changeSeconds = Int(info.st_ctim.tv_sec)
            changeNanoseconds = Int(info.st_ctim.tv_nsec)
        }
    }

    private let known = Mutex<[String: (version: Version, tag: String)]>([:])

    /// The tag of the file at `path` (a path ``StaticFiles/resolve(_:under:)`` gave); nil when
    /// the file cannot be read, then the answer carries no tag.
    func tag(of path: String) -> String? {
        guard let before = Version(of: path) else { return nil }
        if let kept = known.withLock({ $0[path] }), kept.version == before { return kept.tag }
        guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
        let tag = Digest.entityTag(bytes)
        // Kept only when the file did not change while it was read: else the next request
        // reads it again.
        if Version(of: path) == before {
            known.withLock { $0[path] = (before, tag) }
        }
        return tag
    }
}
