import Foundation
import Testing
@testable import MarginaliaCLI
import MarginaliaServer

/// `serve --signing-key-file FILE` (docs/signatures.md, "Signing on the server"): the file is
/// read and checked before the server listens; a file that is not a key stops it naming why.
@Suite("serve: the operator's signing key")
struct ServeSigningKeyOptionTests {
    private func withFile<T>(_ contents: Data, _ body: (String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("signing-key-\(UUID().uuidString)").path
        try contents.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    @Test func noKeyByDefault() throws {
        #expect(try ServeCommand.parse([], environment: [:]).signingKey == nil)
    }

    @Test func hexDigitsOrRawBytesAreTheSameKey() throws {
        let hex = try withFile(Data((String(repeating: "0f", count: 32) + "\n").utf8)) {
            try ServeCommand.parse(["--signing-key-file", $0], environment: [:]).signingKey?.id
        }
        let raw = try withFile(Data(repeating: 0x0F, count: 32)) {
            try ServeCommand.parse(["--signing-key-file", $0], environment: [:]).signingKey?.id
        }
        #expect(hex != nil && hex == raw)
    }

    @Test func aShortKeyOrAMissingFileIsRefused() throws {
        let refusal = try withFile(Data("too short\n".utf8)) { path -> String? in
            do {
                _ = try ServeCommand.parse(["--signing-key-file", path], environment: [:])
                return nil
            } catch let error as UsageError {
                return error.description
            }
        }
        #expect(refusal?.contains("--signing-key-file") == true && refusal?.contains("32 random bytes") == true)
        #expect(throws: UsageError.self) { _ = try ServeCommand.parse(["--signing-key-file", "/nonexistent/key"], environment: [:]) }
    }
}
