// Files a user names, read whatever they are: a regular file, a named pipe (what `<(…)` gives),
// a folder, a missing path; a limit at its exact edge.
import Foundation
import Testing
@testable import PDFCore

#if canImport(Glibc)
import Glibc
#endif

@Suite("Reading a file a user names")
struct InputFileTests {
    /// A fresh folder of its own for each test.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("inputfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aRegularFileGivesItsBytes() throws {
        let url = try Self.folder().appendingPathComponent("secret")
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try bytes.write(to: url)
        #expect(try InputFile.read(url.path, limit: 200_000) == bytes)
    }

    /// What a shell's process substitution hands a program: a pipe, written by another process
    /// (here a thread) while it is read, with no size to ask for beforehand.
    @Test func aNamedPipeGivesWhatIsWrittenIntoIt() throws {
        let path = try Self.folder().appendingPathComponent("fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        let sent = Data((0..<150_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: path)
            handle?.write(sent)
            try? handle?.close()
        }
        writer.start()
        #expect(try InputFile.read(path, limit: 1 << 20) == sent)
    }

    @Test func aMissingFileIsNamedWithTheSystemsReason() throws {
        let path = try Self.folder().appendingPathComponent("absent").path
        #expect(throws: InputFileError.unreadable(path: path, reason: "no such file or directory")) {
            try InputFile.read(path, limit: 10)
        }
        let error = InputFileError.unreadable(path: path, reason: "no such file or directory")
        #expect(error.description == "\(path): cannot read the file: no such file or directory")
    }

    @Test func aFolderIsRefusedAsOne() throws {
        let path = try Self.folder().path
        #expect(throws: InputFileError.unreadable(path: path, reason: "is a directory")) {
            try InputFile.read(path, limit: 10)
        }
    }

    /// Exactly the limit is read; one byte more is refused, from a file and from a pipe.
    @Test func theLimitIsKeptToTheByte() throws {
        let folder = try Self.folder()
        let url = folder.appendingPathComponent("edge")
        try Data(repeating: 65, count: 100).write(to: url)
        #expect(try InputFile.read(url.path, limit: 100).count == 100)
        #expect(throws: InputFileError.tooLarge(path: url.path, limit: 99)) {
            try InputFile.read(url.path, limit: 99)
        }
        let fifo = folder.appendingPathComponent("endless").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            let block = [UInt8](repeating: 66, count: 4096)
            // Writes until the reader has gone (EPIPE): the read must stop on its own.
            signal(SIGPIPE, SIG_IGN)
            while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
            close(descriptor)
        }
        writer.start()
        #expect(throws: InputFileError.tooLarge(path: fifo, limit: 70_000)) {
            try InputFile.read(fifo, limit: 70_000)
        }
    }
}
