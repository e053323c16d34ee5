#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// In PDFCore, beside ByteSource, which reads a PDF given as a pipe with it; the CLI and the
// server read keys, secrets and the rest with it through Marginalia, which re-exports PDFCore.

/// Reads a file named on a command line or in a setting, whatever kind of file it is: a
/// regular file, a named pipe or process substitution (`<(…)`), a device. Foundation's
/// `FileManager.contents(atPath:)` answers nil for a pipe and never says why a read failed;
/// this reads by `read(2)` until the end, stops one byte past a limit, and throws an error
/// that names the file and the system's reason.
public enum InputFile {
    /// The limit for the small files a user names: keys, secrets, passwords, certificates
    /// (1 MiB, far above any of them).
    public static let smallFileLimit = 1 << 20

    /// The bytes of the file at `path`, at most `limit` of them.
    ///
    /// - Throws: ``InputFileError/unreadable(path:reason:)`` (no such file, permission denied,
    ///   a folder…) or ``InputFileError/tooLarge(path:limit:)`` when the file holds more than
    ///   `limit` bytes (read up to one byte past it, so a device or an endless pipe cannot make
    ///   the read unbounded).
    public static func read(_ path: String, limit: Int) throws(InputFileError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: Self.reason(errno)) }
        defer { close(descriptor) }
        return try read(descriptor: descriptor, path: path, limit: limit)
    }

    /// The bytes of the open file `descriptor` (named `path` in errors) from where it stands
    /// to its end, at most `limit` of them. A pipe must be read through the descriptor that
    /// opened it: opened again, what its writer sent to the first would be lost.
    public static func read(descriptor: Int32, path: String, limit: Int) throws(InputFileError) -> Data {
        let bytes = try readAllocated(descriptor: descriptor, path: path, limit: limit)
        return Data(bytesNoCopy: bytes.baseAddress!, count: bytes.count, deallocator: .free)
    }

    /// The bytes of the open file `descriptor` as ``read(descriptor:path:limit:)`` reads them,
    /// in memory from `malloc(3)` that the caller owns and gives back with `free(3)`. They are
    /// read where they stay, with no second copy: the buffer grows by `realloc`, which moves a
    /// large buffer's pages rather than copying its bytes, and only the pages read into are
    /// resident. A PDF read from a pipe is so held once while it is read (``ByteSource``).
    ///
    /// - Throws: as ``read(_:limit:)``; nothing is left allocated then.
    public static func readAllocated(descriptor: Int32, path: String, limit: Int) throws(InputFileError)
        -> UnsafeMutableRawBufferPointer {
        var capacity = min(1 << 16, limit + 1)
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 {
            capacity = min(Int(info.st_size), limit) + 1
        }
        guard var base = malloc(capacity) else { throw .unreadable(path: path, reason: "out of memory") }
        var count = 0
        while true {
            if count == capacity {  // below limit + 1: past it, the loop has thrown
                let grown = min(capacity * 2, limit + 1)
                guard let moved = realloc(base, grown) else {
                    free(base)
                    throw .unreadable(path: path, reason: "out of memory")
                }
                (base, capacity) = (moved, grown)
            }
            let got = systemRead(descriptor, base + count, capacity - count)
            if got < 0 {
                let code = errno
                if code == EINTR { continue }
                free(base)
                throw .unreadable(path: path, reason: Self.reason(code))
            }
            if got == 0 { return UnsafeMutableRawBufferPointer(start: base, count: count) }
            count += got
            if count > limit {
                free(base)
                throw .tooLarge(path: path, limit: limit)
            }
        }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}

/// `read(2)`, named apart from ``InputFile/read(_:limit:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Why ``InputFile/read(_:limit:)`` could not give a file's bytes.
public enum InputFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read; `reason` is the system's ("no such file or
    /// directory", "permission denied", "is a directory").
    case unreadable(path: String, reason: String)
    /// The file holds more than `limit` bytes.
    case tooLarge(path: String, limit: Int)

    /// What was wrong, without the path: the system's reason, or the limit passed.
    public var reason: String {
        switch self {
        case .unreadable(_, let reason): return reason
        case .tooLarge(_, let limit): return "larger than \(limit) bytes, the most read for it"
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot read the file: \(reason)"
        case .tooLarge(let path, _): return "\(path): the file is \(reason)"
        }
    }
}
