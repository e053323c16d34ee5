#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Where large uploads go: written to a file as they arrive, never held whole in memory, and
/// handed to the handler as that file and as its bytes mapped from it (read by the kernel
/// from the page cache as they are used). Bodies of other requests stay in memory, under
/// ``HTTPServerConfiguration/maxBodySize``.
public struct UploadSpooling: Sendable {
    /// The folder the files are written in (made when missing). Files left there by a server
    /// that stopped mid-upload are removed when the next one starts (``removeLeftovers()``).
    public var directory: URL
    /// The largest upload accepted; larger ones get 413 naming ``option``.
    public var maxSize: Int
    /// Which requests are uploads: `(method, path)`, the path decoded and resolved.
    public var accepts: @Sendable (_ method: String, _ path: String) -> Bool

    /// The command-line option that sets ``maxSize``.
    public static let option = "--max-upload"
    /// The default ``maxSize``: 2 GiB.
    public static let defaultMaxSize = 2 << 30

    public init(directory: URL, maxSize: Int = defaultMaxSize,
                accepts: @escaping @Sendable (_ method: String, _ path: String) -> Bool) {
        self.directory = directory
        self.maxSize = maxSize
        self.accepts = accepts
    }

    /// Makes the folder and removes the files a server stopped mid-upload left in it.
    ///
    /// - Throws: ``HTTPServerError/cannotSpool(_:)`` when the folder cannot be made.
    public func removeLeftovers() throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw HTTPServerError.cannotSpool("cannot create the upload folder \(directory.path): \(error.localizedDescription)")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(SpoolFile.prefix) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}

/// One upload being written to a file. Only libmicrohttpd's thread serving the connection
/// writes it; the file goes when the request ends (``remove()``, or when this is freed).
final class SpoolFile {
    static let prefix = "upload-"

    let url: URL
    private var descriptor: Int32
    /// Bytes written so far.
    private(set) var size = 0

    /// Creates an empty file of its own in `directory`.
    init(in directory: URL) throws {
        var template = Array(directory.appendingPathComponent(Self.prefix + "XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else {
            throw HTTPServerError.cannotSpool("cannot create a file in \(directory.path): \(String(cString: strerror(errno)))")
        }
        descriptor = made
        url = URL(fileURLWithPath: String(cString: template))
    }

    deinit { remove() }

    /// Appends `count` bytes.
    func append(_ bytes: UnsafeRawPointer, count: Int) throws {
        var written = 0
        while written < count {
            let result = write(descriptor, bytes + written, count - written)
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                throw HTTPServerError.cannotSpool("cannot write \(url.path): \(String(cString: strerror(errno)))")
            }
            written += result
        }
        size += count
    }

    /// Closes the file and maps it: the body the handler sees.
    func finish() throws -> Data {
        closeDescriptor()
        guard size > 0 else { return Data() }
        do {
            return try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw HTTPServerError.cannotSpool("cannot read back \(url.path): \(error.localizedDescription)")
        }
    }

    /// Closes and deletes the file (a mapping of it stays readable until it is let go).
    func remove() {
        closeDescriptor()
        unlink(url.path)
    }

    private func closeDescriptor() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }
}
