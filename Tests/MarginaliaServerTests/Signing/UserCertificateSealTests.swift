import Foundation
import Marginalia
import Testing
@testable import MarginaliaServer

/// A key and self-signed certificate made by OpenSSL's command-line tool, as a PKCS#12 file
/// with a password: the kind of file an admin gives `marginalia users certificate`.
enum TestPKCS12 {
    static let password = "p12-secret"

    static func make(commonName: String) throws -> [UInt8] {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let key = folder.url.appendingPathComponent("key.pem").path
        let certificate = folder.url.appendingPathComponent("cert.pem").path
        let bundle = folder.url.appendingPathComponent("user.p12").path
        try run(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "30",
                 "-subj", "/O=Marginalia Tests/CN=\(commonName)"])
        try run(["pkcs12", "-export", "-inkey", key, "-in", certificate, "-out", bundle, "-passout", "pass:\(password)"])
        return Array(try Data(contentsOf: URL(fileURLWithPath: bundle)))
    }

    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "openssl \(arguments.joined(separator: " ")) failed")
    }

    static func key(_ byte: UInt8) throws -> SigningKey {
        try SigningKey(bytes: (0..<32).map { UInt8($0) &+ byte })
    }
}

/// The certificates users sign with on the server (docs/signatures.md, "Signing on the
/// server"): sealed for their user under the operator's key, in either store.
@Suite("Users' certificates sealed in the store")
struct UserCertificateSealTests {
    @Test(arguments: StoreKind.allCases) func aCertificateIsSealedAndOpensForItsUser(_ kind: StoreKind) throws {
        let place = try TestStore(kind)
        defer { place.remove() }
        let store = try #require(try place.open() as? any CertificateStore)
        let p12 = try TestPKCS12.make(commonName: "Ana Lima")
        let key = try TestPKCS12.key(1)
        let made = try UserCertificate.make(owner: "ana", pkcs12: p12, password: TestPKCS12.password, key: key,
                                            now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(made.subject.contains("CN=Ana Lima") && made.issuer.contains("CN=Ana Lima"))
        #expect(try #require(made.notAfter) > Date())
        // Neither the file nor the password is in the sealed bytes.
        #expect(made.sealed.count > p12.count && !Data(made.sealed).contains(Data(TestPKCS12.password.utf8)))
        #expect(!Data(made.sealed).contains(Data(p12.prefix(64))))
        try store.setCertificate(made)
        let stored = try #require(try place.open() as? any CertificateStore).certificate(of: "ana")
        #expect(stored == made)
        let credential = try #require(stored).credential(with: key)
        #expect(credential.pkcs12 == p12 && credential.password == TestPKCS12.password)
        #expect(try store.certificate(of: "ben") == nil)
        // Two seals of the same file differ: each has its own nonce.
        let again = try UserCertificate.make(owner: "ana", pkcs12: p12, password: TestPKCS12.password, key: key)
        #expect(again.sealed.prefix(13) != made.sealed.prefix(13))
        try store.setCertificate(again)
        #expect(try store.certificate(of: "ana")?.sealed == again.sealed)
        #expect(try store.removeCertificate(of: "ana") && !store.removeCertificate(of: "ana"))
        #expect(try store.certificate(of: "ana") == nil)
    }

    @Test func aRecordCopiedToAnotherUserDoesNotOpen() throws {
        let key = try TestPKCS12.key(1)
        let made = try UserCertificate.make(owner: "ana", pkcs12: try TestPKCS12.make(commonName: "Ana"),
                                            password: TestPKCS12.password, key: key)
        var copied = made
        copied.owner = "ben"
        #expect(throws: CertificateError.unsealable(owner: "ben")) { try copied.credential(with: key) }
        let refusal = CertificateError.unsealable(owner: "ben")
        #expect(refusal.httpStatus == 409 && refusal.code == "certificateSealed")
        // A changed byte is refused the same way.
        var changed = made
        changed.sealed[20] ^= 1
        #expect(throws: CertificateError.unsealable(owner: "ana")) { try changed.credential(with: key) }
    }

    @Test func anotherOperatorKeyIsRefusedNamingBothKeys() throws {
        let key = try TestPKCS12.key(1)
        let other = try TestPKCS12.key(2)
        #expect(key.id != other.id && key.id.count == 16)
        let made = try UserCertificate.make(owner: "ana", pkcs12: try TestPKCS12.make(commonName: "Ana"),
                                            password: TestPKCS12.password, key: key)
        #expect(throws: CertificateError.wrongSigningKey(owner: "ana", stored: key.id, given: other.id)) {
            try made.credential(with: other)
        }
        // A record whose key id was rewritten to the other key's still does not open (GCM's tag).
        var relabelled = made
        relabelled.keyID = other.id
        #expect(throws: CertificateError.unsealable(owner: "ana")) { try relabelled.credential(with: other) }
    }

    @Test func aWrongPasswordOrAShortKeyIsRefusedBeforeAnythingIsSealed() throws {
        let key = try TestPKCS12.key(1)
        #expect(throws: CertificateError.pkcs12("the password does not open the PKCS#12 file")) {
            _ = try UserCertificate.make(owner: "ana", pkcs12: try TestPKCS12.make(commonName: "Ana"), password: "wrong", key: key)
        }
        #expect(throws: CertificateError.pkcs12("the certificate file is not a PKCS#12 (.p12/.pfx) file")) {
            _ = try UserCertificate.make(owner: "ana", pkcs12: Array("not a p12".utf8), password: "", key: key)
        }
        #expect(throws: CertificateError.self) { _ = try SigningKey(bytes: [1, 2, 3]) }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("key")
        try Data((String(repeating: "ab", count: 32) + "\n").utf8).write(to: file)
        #expect(try SigningKey.load(file: file.path).id == SigningKey(bytes: [UInt8](repeating: 0xAB, count: 32)).id)
        try Data([UInt8](repeating: 7, count: 31)).write(to: file)
        #expect(throws: CertificateError.self) { _ = try SigningKey.load(file: file.path) }
    }
}
