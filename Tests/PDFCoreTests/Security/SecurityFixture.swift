import Foundation
import Testing

@testable import PDFCore

/// One JSON fixture of Tests/Fixtures/security, written by make_fixtures.py: an /Encrypt
/// dictionary, the file ID, passwords with the file key qpdf derives from each, and strings
/// and streams as stored with their plaintext (from pikepdf).
struct SecurityFixture: Decodable, CustomStringConvertible {
    struct Password: Decodable {
        var password: String
        var fileKey: String
        var isOwner: Bool
    }

    struct EncryptedString: Decodable {
        var object: [Int]
        var encrypted: String
        var plain: String
    }

    struct EncryptedStream: Decodable {
        var object: [Int]
        var dictionary: JSONValue
        var encrypted: String
        var plain: String
    }

    var name: String
    var source: String
    var encrypt: JSONValue
    var id: String
    var passwords: [String: Password]
    var methods: [String: String]
    /// Absent in the password vectors, which hold only /Encrypt values and keys.
    var strings: [EncryptedString]?
    var streams: [EncryptedStream]?

    var description: String { name }

    // MARK: - Typed views

    var encryptDictionary: PDFDictionary { encrypt.pdfObject.dictionaryValue ?? PDFDictionary() }
    var fileID: [UInt8] { SecurityHex.bytes(id) }
    var user: Password? { passwords["user"] }
    var owner: Password? { passwords["owner"] }
    var revision: Int? { encryptDictionary["R"]?.integerValue }

    /// The method description the handler should give, from qpdf's report of the stream
    /// method (V4 and V5) or from /Length (V1 and V2).
    func expectedMethodDescription(keyLengthBits: Int) -> String {
        switch methods["stream"] {
        case "AESv2"?: return "AES-128"
        case "AESv3"?: return "AES-256"
        default: return "RC4 \(keyLengthBits)-bit"
        }
    }

    // MARK: - Loading

    /// The directory of the fixtures, found from this source file's path so that tests do
    /// not depend on SwiftPM resources or the working directory.
    static let directory: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            let candidate = url.appendingPathComponent("Fixtures/security")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            url.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: "/nonexistent/Tests/Fixtures/security")
    }()

    /// The names of all fixtures (without .json), sorted.
    static let allNames: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// The fixtures whose owner password is known (not every corpus file's is).
    static let namesWithOwnerPassword: [String] = allNames.filter { (try? load($0))?.owner != nil }

    static func load(_ name: String) throws -> SecurityFixture {
        let data = try Data(contentsOf: directory.appendingPathComponent(name + ".json"))
        return try JSONDecoder().decode(SecurityFixture.self, from: data)
    }

    /// The password vectors (vectors/password-vectors.json), by name.
    static let passwordVectors: [String: SecurityFixture] = {
        let url = directory.appendingPathComponent("vectors/password-vectors.json")
        guard let data = try? Data(contentsOf: url),
            let vectors = try? JSONDecoder().decode([SecurityFixture].self, from: data)
        else { return [:] }
        return Dictionary(vectors.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }()

    // MARK: - Checks

    /// Opens the fixture with `password` and checks everything the fixture knows: the file
    /// key and password kind qpdf reported, the /Encrypt values, and the plaintext of every
    /// string and stream.
    func expectOpens(with password: Password, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let handler = try StandardSecurityHandler(
            encryptDictionary: encryptDictionary, fileID: fileID, password: password.password)
        let dictionary = encryptDictionary
        #expect(SecurityHex.string(handler.fileKey) == password.fileKey, sourceLocation: sourceLocation)
        #expect(handler.authenticatedAsOwner == password.isOwner, sourceLocation: sourceLocation)
        #expect(handler.revision == dictionary["R"]?.integerValue, sourceLocation: sourceLocation)
        #expect(handler.version == dictionary["V"]?.integerValue, sourceLocation: sourceLocation)
        let p = dictionary["P"]?.integerValue.map { Int32(truncatingIfNeeded: $0) }
        #expect(handler.permissions == p, sourceLocation: sourceLocation)
        #expect(handler.keyLengthBits == password.fileKey.count * 4, sourceLocation: sourceLocation)
        #expect(handler.encryptsMetadata == (dictionary["EncryptMetadata"]?.boolValue ?? true), sourceLocation: sourceLocation)
        #expect(handler.methodDescription == expectedMethodDescription(keyLengthBits: handler.keyLengthBits),
                sourceLocation: sourceLocation)
        if handler.revision == 6 {
            // Every R6 writer here writes a /Perms that agrees with /P.
            #expect(handler.permissionsEntryMatches == true, sourceLocation: sourceLocation)
        }

        for string in strings ?? [] {
            let decrypted = handler.decryptString(SecurityHex.bytes(string.encrypted), reference: string.reference)
            #expect(SecurityHex.string(decrypted) == string.plain, "string in object \(string.reference)",
                    sourceLocation: sourceLocation)
        }
        for stream in streams ?? [] {
            let decrypted = handler.decryptStream(
                SecurityHex.bytes(stream.encrypted), dictionary: stream.streamDictionary, reference: stream.reference)
            #expect(SecurityHex.string(decrypted) == stream.plain, "stream \(stream.reference)",
                    sourceLocation: sourceLocation)
        }
    }

    /// Checks that `password` does not open the fixture.
    func expectRefuses(_ password: String?, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: PDFError.passwordRequired, "password \(password.debugDescription)", sourceLocation: sourceLocation) {
            try StandardSecurityHandler(encryptDictionary: encryptDictionary, fileID: fileID, password: password)
        }
    }
}

extension SecurityFixture {
    /// A JSON value, decoded strictly (a boolean never reads as a number, nor the reverse).
    enum JSONValue: Decodable {
        case bool(Bool)
        case integer(Int)
        case real(Double)
        case string(String)
        case array([JSONValue])
        case object([String: JSONValue])
        case null

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let value = try? container.decode(Bool.self) { self = .bool(value) }
            else if let value = try? container.decode(Int.self) { self = .integer(value) }
            else if let value = try? container.decode(Double.self) { self = .real(value) }
            else if let value = try? container.decode(String.self) { self = .string(value) }
            else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
            else { self = .object(try container.decode([String: JSONValue].self)) }
        }

        /// The PDF object the fixture encodes: "/Name" is a name, "<hex>" a string and
        /// "N G R" a reference.
        var pdfObject: PDFObject {
            switch self {
            case .null: return .null
            case .bool(let b): return .bool(b)
            case .integer(let i): return .integer(i)
            case .real(let r): return .real(r)
            case .array(let items): return .array(items.map(\.pdfObject))
            case .object(let entries):
                var dictionary = PDFDictionary()
                for (key, value) in entries.sorted(by: { $0.key < $1.key }) { dictionary[key] = value.pdfObject }
                return .dictionary(dictionary)
            case .string(let text):
                if text.hasPrefix("/") { return .name(String(text.dropFirst())) }
                if text.hasPrefix("<"), text.hasSuffix(">") { return .string(SecurityHex.bytes(String(text.dropFirst().dropLast()))) }
                let parts = text.split(separator: " ")
                if parts.count == 3, parts[2] == "R", let number = Int(parts[0]), let generation = Int(parts[1]) {
                    return .reference(PDFReference(number, generation))
                }
                return .string(Array(text.utf8))
            }
        }
    }
}

// MARK: - Hex

/// Hexadecimal helpers for the security tests (named apart from other suites' helpers).
enum SecurityHex {
    static func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var high: UInt8?
        for character in hex {
            guard let digit = character.hexDigitValue else { continue }
            if let h = high {
                result.append(h << 4 | UInt8(digit))
                high = nil
            } else {
                high = UInt8(digit)
            }
        }
        return result
    }

    static func string(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}

extension SecurityFixture.EncryptedString {
    var reference: PDFReference { PDFReference(object.first ?? 0, object.count > 1 ? object[1] : 0) }
}

extension SecurityFixture.EncryptedStream {
    var reference: PDFReference { PDFReference(object.first ?? 0, object.count > 1 ? object[1] : 0) }
    var streamDictionary: PDFDictionary { dictionary.pdfObject.dictionaryValue ?? PDFDictionary() }
}
