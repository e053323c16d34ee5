#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The bytes of a PDF: a memory-mapped file or an owned buffer. Immutable once made, so it
/// can be shared across threads; every read is bounds-checked by its users through
/// ``count`` and ``subscript(_:)``.
// @unchecked: it holds a pointer to mapped or owned memory that is never written after `init`.
public final class ByteSource: @unchecked Sendable {
    /// The bytes, valid for the lifetime of this object.
    let buffer: UnsafeBufferPointer<UInt8>
    private let release: () -> Void

    /// The most bytes read from a file that cannot be mapped (a pipe, a device): 2 GiB.
    public static let maximumReadSize = 2 << 30

    /// Maps the file at `path` read-only into memory (opening never copies the whole file):
    /// all of it, or its first `length` bytes. A pipe or a device, which cannot be mapped, is
    /// read to its end instead (at most ``maximumReadSize`` bytes).
    ///
    /// - Throws: ``PDFError/io(path:message:)`` when the file cannot be opened or mapped, or
    ///   is shorter than `length`.
    public init(path: String, length: Int? = nil) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw PDFError.io(path: path, message: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw PDFError.io(path: path, message: String(cString: strerror(errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw PDFError.io(path: path, message: "is a directory") }
        if (info.st_mode & S_IFMT) != S_IFREG && length == nil {
            // A pipe (`<(…)`, a FIFO, stdin) or a device has no size to map: its bytes are read,
            // and kept where they were read (a copy would hold the file twice while made).
            let bytes: UnsafeMutableRawBufferPointer
            do {
                bytes = try InputFile.readAllocated(descriptor: fd, path: path, limit: Self.maximumReadSize)
            } catch {
                throw PDFError.io(path: path, message: error.reason)
            }
            buffer = UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            release = { free(bytes.baseAddress) }
            return
        }
        let fileSize = Int(info.st_size)
        if let length, length < 0 || length > fileSize {
            throw PDFError.io(path: path, message: "has \(fileSize) bytes, not the \(length) asked for")
        }
        let size = length ?? fileSize
        if size == 0 {
            buffer = UnsafeBufferPointer(start: nil, count: 0)
            release = {}
            return
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
            throw PDFError.io(path: path, message: "cannot map file: \(String(cString: strerror(errno)))")
        }
        buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
        release = { munmap(address, size) }
    }

    /// Takes a copy of `bytes`.
    public init<C: Collection>(bytes: C) where C.Element == UInt8 {
        (buffer, release) = Self.owned(bytes)
    }

    /// A copy of `bytes` in memory of its own, and what frees it.
    private static func owned<C: Collection>(_ bytes: C) -> (UnsafeBufferPointer<UInt8>, () -> Void) where C.Element == UInt8 {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        return (UnsafeBufferPointer(start: storage.baseAddress, count: bytes.count), { storage.deallocate() })
    }

    /// Takes a copy of `data`.
    public convenience init(data: Data) {
        self.init(bytes: data)
    }

    deinit { release() }

    public var count: Int { buffer.count }

    /// The byte at `offset`, or nil past either end.
    @inline(__always) public subscript(offset: Int) -> UInt8? {
        offset >= 0 && offset < buffer.count ? buffer[offset] : nil
    }

    /// A copy of the bytes in `range`, clamped to the data.
    public func bytes(in range: Range<Int>) -> [UInt8] {
        let lower = max(0, min(range.lowerBound, buffer.count))
        let upper = max(lower, min(range.upperBound, buffer.count))
        return Array(buffer[lower..<upper])
    }

    /// The offset of the first occurrence of `pattern` at or after `start` and before `end`.
    public func firstIndex(of pattern: [UInt8], from start: Int, to end: Int? = nil) -> Int? {
        guard let first = pattern.first else { return nil }
        let limit = min(end ?? buffer.count, buffer.count) - pattern.count
        var i = max(0, start)
        while i <= limit {
            if buffer[i] == first {
                var j = 1
                while j < pattern.count && buffer[i + j] == pattern[j] { j += 1 }
                if j == pattern.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// The offset of the last occurrence of `pattern` that starts before `end` and at or after `start`.
    public func lastIndex(of pattern: [UInt8], before end: Int, from start: Int = 0) -> Int? {
        guard !pattern.isEmpty else { return nil }
        var i = min(end, buffer.count) - pattern.count
        while i >= max(0, start) {
            var j = 0
            while j < pattern.count && buffer[i + j] == pattern[j] { j += 1 }
            if j == pattern.count { return i }
            i -= 1
        }
        return nil
    }
}
