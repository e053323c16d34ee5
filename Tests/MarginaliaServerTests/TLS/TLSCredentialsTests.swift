import Foundation
import Testing
@testable import MarginaliaServer

/// `--tls-cert` and `--tls-key` read and checked before the server listens: each mistake is a
/// ``TLSError`` naming the file (GnuTLS alone would take a wrong key and fail at handshakes).
@Suite("TLS certificate and key")
struct TLSCredentialsTests {
    /// A self-signed P-256 certificate for 127.0.0.1, valid until 2126, and its key.
    static let certificate = """
        -----BEGIN CERTIFICATE-----
        MIIBkDCCATagAwIBAgIUQD03FVvcmyJGsv9MAyIVSv/4JBkwCgYIKoZIzj0EAwIw
        FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTIwNDEzNDczNFoYDzIxMjYxMTEw
        MTM0NzM0WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
        PQMBBwNCAARKWo80kyMbs3TZoPS85wy2kh7oOEmJS0K7e2bak5DdFW2qFEOG9Mx1
        UHkT6J+uFpnXfSg6G4ZXGXMqEdEuWYmso2QwYjAdBgNVHQ4EFgQUVanVYxPrZZJa
        3ORgzM6mb9/gF0cwHwYDVR0jBBgwFoAUVanVYxPrZZJa3ORgzM6mb9/gF0cwDwYD
        VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0gAMEUC
        IQC8ErQkoWEvYMRewFLtuiY1dV4rdm/Rgj9JjmoXRm1XogIgAq3z5W4BFueoJRW8
        kvD2NeBTwsPs0jlV4gQ//gLsyKs=
        -----END CERTIFICATE-----

        """
    static let key = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgqevNQpiQr0Jur20T
        BbkTncgWxXF9LvelSKytWr9jBluhRANCAARKWo80kyMbs3TZoPS85wy2kh7oOEmJ
        S0K7e2bak5DdFW2qFEOG9Mx1UHkT6J+uFpnXfSg6G4ZXGXMqEdEuWYms
        -----END PRIVATE KEY-----

        """
    /// Another P-256 key: not the certificate's.
    static let otherKey = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg1GWa3lRa5hl6O3e5
        ybI0assmUEoKKVC0ECHFdcQCWAmhRANCAASRTHX1qUB4yG9YzCKVFQ1+RxByVZc6
        Uyln8z+bfyurMy8J7JJZPi6sLZniJ1+HP2lCBxl1ikWzD5eJk9Jx/WtB
        -----END PRIVATE KEY-----

        """
    /// The certificate's key under a passphrase.
    static let encryptedKey = """
        -----BEGIN ENCRYPTED PRIVATE KEY-----
        MIHsMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAjYIolYuMM7qgICCAAw
        DAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEARBwdpJ8/Z8CqYiTC2NQHEEgZBg
        GYBWNV2RaKlerIhPpP3sI14ZCjS2wfoRU77KO3AD/J2pfa9RPzqTUkYUfuIIJklV
        uE7i79RA4uAcp7SLpvM9biMtUwaG/eS3WY9Cku0i0DgNXiuQE5C0kcwjMD8liet2
        YXPWYLey24Ce/7htBt4ClNlZMBLQP0wiIIZXh3MHHap5+IPo9cmaCTdQTBqYFFE=
        -----END ENCRYPTED PRIVATE KEY-----

        """

    /// Writes `files` (name: text) to a new folder and calls `body` with their paths.
    private func withFiles(_ files: [String: String], _ body: ([String: String]) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String: String] = [:]
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            paths[name] = url.path
        }
        paths["missing"] = folder.appendingPathComponent("missing.pem").path
        paths["folder"] = folder.path
        try body(paths)
    }

    @Test func aMatchingPairLoads() throws {
        try withFiles(["cert.pem": Self.certificate, "key.pem": Self.key]) { paths in
            let credentials = try TLSCredentials.load(certificateFile: paths["cert.pem"]!, keyFile: paths["key.pem"]!)
            #expect(credentials.certificatePEM == Self.certificate)
            #expect(credentials.keyPEM == Self.key)
            #expect(!credentials.isExpired)
        }
    }

    @Test func eachMistakeNamesItsFile() throws {
        try withFiles(["cert.pem": Self.certificate, "key.pem": Self.key, "other.pem": Self.otherKey,
                       "encrypted.pem": Self.encryptedKey, "garbage.pem": "hello, world\n", "empty.pem": ""]) { paths in
            func failure(_ certificate: String, _ key: String) -> TLSError? {
                do {
                    _ = try TLSCredentials.load(certificateFile: paths[certificate]!, keyFile: paths[key]!)
                    return nil
                } catch {
                    return error
                }
            }
            #expect(failure("cert.pem", "other.pem") == .keyDoesNotMatch(certificateFile: paths["cert.pem"]!,
                                                                         keyFile: paths["other.pem"]!))
            #expect(failure("garbage.pem", "key.pem") == .notACertificate(file: paths["garbage.pem"]!))
            // A key given as the certificate (the two files swapped) is no certificate either.
            #expect(failure("key.pem", "cert.pem") == .notACertificate(file: paths["key.pem"]!))
            #expect(failure("cert.pem", "garbage.pem") == .notAPrivateKey(file: paths["garbage.pem"]!))
            #expect(failure("cert.pem", "encrypted.pem") == .encryptedKey(file: paths["encrypted.pem"]!))
            #expect(failure("missing", "key.pem") == .unreadable(file: paths["missing"]!, reason: "no such file or directory"))
            #expect(failure("cert.pem", "folder") == .unreadable(file: paths["folder"]!, reason: "is a directory"))
            #expect(failure("empty.pem", "key.pem") == .unreadable(file: paths["empty.pem"]!, reason: "the file is empty"))
            let mismatch = failure("cert.pem", "other.pem")?.description ?? ""
            #expect(mismatch.contains(paths["other.pem"]!) && mismatch.contains("does not belong"))
        }
    }

    @Test func debiansLibmicrohttpdHasTLS() throws {
        try TLSCredentials.checkSupported()
    }
}
