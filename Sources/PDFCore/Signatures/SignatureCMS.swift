import CCrypto

/// The CMS SignedData of a signature's `/Contents`, through OpenSSL's libcrypto
/// (Sources/CCrypto/cms.c): checking one against the bytes it covers, and making one.
enum SignatureCMS {
    /// What the CMS says and whether it holds, as cms.c found it.
    struct Report: Sendable, Equatable {
        var signerFound: Bool
        var digestMatches: Bool
        var signatureValid: Bool
        /// nil when no trust anchors were given; else whether the chain verified and why not.
        var chainTrusted: Bool?
        var chainError: String?
        var subject: String?
        var signingTime: String?
        var digestAlgorithm: String?
        var hasSigningCertificateV2: Bool
        var hasTimestamp: Bool
    }

    /// Checks `der` against `content`; nil when `der` is not a SignedData with a signer.
    static func verify(_ der: [UInt8], content: [UInt8], encapsulatedSHA1: Bool, trustAnchors: [UInt8]?) -> Report? {
        var report = marginalia_cms_report()
        let parsed = der.withUnsafeBufferPointer { derBuffer in
            content.withUnsafeBufferPointer { contentBuffer in
                withOptionalBytes(trustAnchors) { trust, trustLength in
                    marginalia_cms_verify(derBuffer.baseAddress, derBuffer.count, contentBuffer.baseAddress,
                                          contentBuffer.count, encapsulatedSHA1 ? 1 : 0, trust, trustLength, &report)
                }
            }
        }
        guard parsed == 1 else { return nil }
        func text<T>(_ field: T) -> String? {
            let value = withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return value.isEmpty ? nil : value
        }
        return Report(signerFound: report.signer_found == 1, digestMatches: report.digest_matches == 1,
                      signatureValid: report.signature_valid == 1,
                      chainTrusted: report.chain < 0 ? nil : report.chain == 1,
                      chainError: report.chain == 0 ? text(report.chain_error) : nil, subject: text(report.subject),
                      signingTime: text(report.signing_time), digestAlgorithm: text(report.digest_algorithm),
                      hasSigningCertificateV2: report.has_signing_certificate_v2 == 1,
                      hasTimestamp: report.has_timestamp == 1)
    }

    /// A detached PAdES CMS SignedData over `digest` (SHA-256) with the key of `pkcs12`.
    /// - Throws: ``SignatureError`` naming what is wrong with the PKCS#12 file, or
    ///   ``SignatureError/contentsTooSmall(needed:reserved:)`` when it exceeds `capacity`.
    static func sign(pkcs12: [UInt8], password: String, digest: [UInt8], capacity: Int) throws -> [UInt8] {
        precondition(digest.count == 32, "a SHA-256 digest")
        var out = [UInt8](repeating: 0, count: capacity)
        var length = 0
        let result = pkcs12.withUnsafeBufferPointer { p12 in
            out.withUnsafeMutableBufferPointer { buffer in
                marginalia_cms_sign(p12.baseAddress, p12.count, password, digest, buffer.baseAddress, buffer.count, &length)
            }
        }
        switch result {
        case MARGINALIA_CMS_SIGNED: return Array(out.prefix(length))
        case MARGINALIA_CMS_P12_UNREADABLE: throw SignatureError.unreadablePKCS12
        case MARGINALIA_CMS_P12_PASSWORD: throw SignatureError.wrongPKCS12Password
        case MARGINALIA_CMS_P12_NO_KEY: throw SignatureError.noKeyInPKCS12
        case MARGINALIA_CMS_TOO_LARGE: throw SignatureError.contentsTooSmall(needed: length, reserved: capacity)
        default: throw SignatureError.signingFailed
        }
    }

    /// The commonName of the PKCS#12 file's certificate, or nil when it does not open or has none.
    static func commonName(pkcs12: [UInt8], password: String) -> String? {
        var name = [CChar](repeating: 0, count: 256)
        let found = pkcs12.withUnsafeBufferPointer { p12 in
            name.withUnsafeMutableBufferPointer { buffer in
                marginalia_pkcs12_common_name(p12.baseAddress, p12.count, password, buffer.baseAddress, buffer.count)
            }
        }
        guard found == 1 else { return nil }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func withOptionalBytes<R>(_ bytes: [UInt8]?, _ body: (UnsafePointer<CChar>?, Int) -> R) -> R {
        guard let bytes else { return body(nil, 0) }
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress, $0.count) }
        }
    }
}
