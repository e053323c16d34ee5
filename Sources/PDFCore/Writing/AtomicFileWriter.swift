#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes a file so that a crash at any moment leaves either the old file or the new one:
/// a temporary file in the same folder, `fsync`, `rename`, then `fsync` of the folder.
public enum AtomicFileWriter {
    /// Replaces (or creates) the file at `path` with `bytes` (an array, or `Data`, which is
    /// written from where it lies, a file's mapping included, without a copy).
    ///
    /// - Throws: ``PDFError/io(path:message:)`` naming the step that failed; the original
    ///   file is then untouched and the temporary file removed.
    public static func write<Bytes: ContiguousBytes>(_ bytes: Bytes, to path: String) throws {
        let directory = parentDirectory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(directory)/.\(name).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw failure(path, "cannot create a temporary file in \(directory)") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            var written = 0
            try bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return }
                while written < raw.count {
                    let n = posixWrite(fd, base + written, raw.count - written)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw failure(path, "write failed")
                    }
                    written += n
                }
            }
            // Keep the permissions of the file being replaced; a new file gets what creating it
            // would give (0666 less the umask: 0644 usually, 0600 under a service's UMask=0077).
            var info = stat()
            let mode: mode_t = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o666 & ~processUmask
            fchmod(fd, mode)
            guard fsync(fd) == 0 else { throw failure(path, "fsync failed") }
        }
        pauseBeforeRenameWhenTesting(temporary: temporary)
        guard rename(temporary, path) == 0 else { throw failure(path, "cannot replace the file") }
        succeeded = true
        let dirfd = open(directory, O_RDONLY)
        if dirfd >= 0 {
            fsync(dirfd)
            close(dirfd)
        }
    }

    /// The crash tests' hook (docs/mutation-testing.md, "The writer's pause"). With
    /// `MARGINALIA_TEST_PAUSE_BEFORE_RENAME=MARKER` in the environment, the writer, once the
    /// temporary file is complete and synced, writes that file's path to MARKER (through a
    /// rename, so a reader never sees half of it) and then waits for ever: a test kills the
    /// process there, knowing the kill landed between the write and the rename. Unset or empty,
    /// as everywhere but those tests, it does nothing. A writer that appends in place (the
    /// server's store) pauses here too, once its bytes are written and synced and before they
    /// are recorded, with the path of the file it appended to.
    public static func pauseBeforeRenameWhenTesting(temporary: String) {
        guard let value = getenv("MARGINALIA_TEST_PAUSE_BEFORE_RENAME"), value.pointee != 0 else { return }
        let marker = String(cString: value)
        let partial = marker + ".partial"
        let fd = open(partial, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if fd >= 0 {
            let text = Array(temporary.utf8)
            _ = text.withUnsafeBytes { raw in raw.baseAddress.map { posixWrite(fd, $0, raw.count) } }
            close(fd)
            rename(partial, marker)
        }
        while true { sleep(3600) }
    }

    /// The process's umask, read from `/proc/self/status` (Linux 4.7 and later): `umask(2)`
    /// can only be read by setting it, which would race with other threads creating files.
    /// 0o022, the usual value, where it cannot be read.
    static let processUmask: mode_t = {
        guard let file = fopen("/proc/self/status", "r") else { return 0o022 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix("Umask:") else { continue }
            let digits = text.dropFirst("Umask:".count).filter { !$0.isWhitespace }
            return mode_t(digits, radix: 8) ?? 0o022
        }
        return 0o022
    }()

    private static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    private static func failure(_ path: String, _ what: String) -> PDFError {
        PDFError.io(path: path, message: "\(what): \(String(cString: strerror(errno)))")
    }
}

/// `write(2)`, named apart from ``AtomicFileWriter/write(_:to:)``.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
