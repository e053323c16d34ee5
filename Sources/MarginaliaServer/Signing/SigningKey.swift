import CCrypto
import Foundation
import Marginalia

/// The key the operator gives the server (`marginalia serve --signing-key-file F`) and the
/// `marginalia users certificate` command: 32 random bytes that seal each user's PKCS#12 file
/// in the store with AES-256-GCM (docs/signatures.md, "Signing on the server"). The key itself
/// is never written to the store; each sealed record names it only by ``id``, a digest that
/// does not reveal it, so a record sealed under another key is refused naming both.
public struct SigningKey: Sendable {
    /// The key's length in bytes (AES-256).
    public static let length = 32
    /// GCM's nonce and tag lengths, and the version byte that begins a sealed record.
    static let nonceLength = 12
    static let tagLength = 16
    static let formatVersion: UInt8 = 1

    private let bytes: [UInt8]
    /// 16 hexadecimal digits naming the key (of an HMAC-SHA256 with it): stored beside each
    /// record sealed with it.
    public let id: String

    /// A key of exactly ``length`` bytes.
    ///
    /// - Throws: ``CertificateError/badSigningKey(_:)``.
    public init(bytes: [UInt8]) throws {
        guard bytes.count == Self.length else {
            throw CertificateError.badSigningKey("it holds \(bytes.count) bytes; a signing key is \(Self.length) random bytes "
                                                 + "(or their 64 hexadecimal digits), as `openssl rand -hex 32` writes")
        }
        self.bytes = bytes
        var digest = [UInt8](repeating: 0, count: 32)
        let label = Array("marginalia signing key id".utf8)
        guard marginalia_hmac_sha256(bytes, bytes.count, label, label.count, &digest) == 1 else {
            throw CertificateError.sealing("OpenSSL could not compute the key's id")
        }
        id = digest.prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// The key in file `path`: 32 bytes as they are, or 64 hexadecimal digits (one trailing
    /// newline allowed).
    ///
    /// - Throws: ``CertificateError/badSigningKey(_:)`` naming the file.
    public static func load(file path: String) throws -> SigningKey {
        var data: [UInt8]
        do {
            data = Array(try InputFile.read(path, limit: InputFile.smallFileLimit))
        } catch {
            throw CertificateError.badSigningKey(error.description)
        }
        defer { marginalia_wipe(&data, data.count) }
        if data.count != length {
            while let last = data.last, last == 10 || last == 13 { data.removeLast() }
            if data.count == 2 * length, let decoded = hexBytes(data) { data = decoded }
        }
        do {
            return try SigningKey(bytes: data)
        } catch CertificateError.badSigningKey(let reason) {
            throw CertificateError.badSigningKey("\(path): \(reason)")
        }
    }

    private static func hexBytes(_ text: [UInt8]) -> [UInt8]? {
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case 48...57: return digit - 48
            case 97...102: return digit - 87
            case 65...70: return digit - 55
            default: return nil
            }
        }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: text.count, by: 2) {
            guard let high = value(text[index]), let low = value(text[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// What a sealed record binds besides its bytes: the user it belongs to, so a record
    /// copied to another user's row does not open.
    static func associatedData(owner: String) -> [UInt8] {
        Array("marginalia user certificate v1\u{0}".utf8) + Array(owner.utf8)
    }

    /// `plain` sealed for `owner`: the format version, a random nonce, the ciphertext and the tag.
    public func seal(_ plain: [UInt8], owner: String) throws -> [UInt8] {
        var nonce = [UInt8](repeating: 0, count: Self.nonceLength)
        guard marginalia_random_bytes(&nonce, nonce.count) == 1 else { throw CertificateError.sealing("no random bytes for the nonce") }
        var sealed = [UInt8](repeating: 0, count: max(plain.count, 1))
        var tag = [UInt8](repeating: 0, count: Self.tagLength)
        let associated = Self.associatedData(owner: owner)
        guard marginalia_aes256gcm_seal(bytes, nonce, associated, associated.count, plain, plain.count, &sealed, &tag) == 1 else {
            throw CertificateError.sealing("OpenSSL could not encrypt with AES-256-GCM")
        }
        return [Self.formatVersion] + nonce + sealed.prefix(plain.count) + tag
    }

    /// The bytes `sealed` holds, when it was sealed with this key for `owner`.
    ///
    /// - Throws: ``CertificateError/unsealable(owner:)`` when the tag does not verify (sealed
    ///   for another user, or changed), ``CertificateError/damaged(owner:reason:)`` when it is
    ///   not a sealed record at all.
    public func open(_ sealed: [UInt8], owner: String) throws -> [UInt8] {
        let overhead = 1 + Self.nonceLength + Self.tagLength
        guard sealed.count >= overhead, sealed[0] == Self.formatVersion else {
            throw CertificateError.damaged(owner: owner, reason: "not a sealed record of format \(Self.formatVersion)")
        }
        let nonce = Array(sealed[1..<(1 + Self.nonceLength)])
        let body = Array(sealed[(1 + Self.nonceLength)..<(sealed.count - Self.tagLength)])
        let tag = Array(sealed.suffix(Self.tagLength))
        var plain = [UInt8](repeating: 0, count: max(body.count, 1))
        let associated = Self.associatedData(owner: owner)
        guard marginalia_aes256gcm_open(bytes, nonce, associated, associated.count, body, body.count, tag, &plain) == 1 else {
            throw CertificateError.unsealable(owner: owner)
        }
        return Array(plain.prefix(body.count))
    }
}
