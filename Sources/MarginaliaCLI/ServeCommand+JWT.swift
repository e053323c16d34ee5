import Foundation
import Marginalia
import MarginaliaServer

extension ServeCommand {
    /// `--jwt-hs256-secret-file FILE` or `--jwt-rs256-public-key FILE` (docs/api.md, "Tokens
    /// from your backend"); nil when neither is given. The key is checked now, so a bad one
    /// stops the server before it listens.
    static func jwtVerifier(_ arguments: inout Arguments) throws -> JWTVerifier? {
        let secretFile = try arguments.option("--jwt-hs256-secret-file")
        let publicKeyFile = try arguments.option("--jwt-rs256-public-key")
        if secretFile != nil && publicKeyFile != nil {
            throw UsageError("give --jwt-hs256-secret-file or --jwt-rs256-public-key, not both")
        }
        guard let (option, path) = secretFile.map({ ("--jwt-hs256-secret-file", $0) })
                ?? publicKeyFile.map({ ("--jwt-rs256-public-key", $0) }) else { return nil }
        var bytes: [UInt8]
        do {
            bytes = Array(try InputFile.read(path, limit: InputFile.smallFileLimit))
        } catch {
            throw UsageError("\(option): \(error)")
        }
        do {
            if secretFile != nil {
                // One line ending in a newline, as `openssl rand -hex 32 > FILE` writes it.
                if bytes.last == 10 { bytes.removeLast() }
                return try JWTVerifier(key: .hs256(secret: bytes))
            }
            return try JWTVerifier(key: .rs256(publicKeyPEM: String(decoding: bytes, as: UTF8.self)))
        } catch {
            throw UsageError("\(option) \(path): \(error)")
        }
    }
}

extension ServeCommand {
    /// `--signing-key-file FILE` (docs/signatures.md, "Signing on the server"), read and
    /// checked now so a bad key stops the server before it listens; nil when not given.
    static func signingKey(_ arguments: inout Arguments) throws -> SigningKey? {
        guard let path = try arguments.option("--signing-key-file") else { return nil }
        do {
            return try SigningKey.load(file: path)
        } catch let error as CertificateError {
            throw UsageError("--signing-key-file: \(error)")
        }
    }
}
