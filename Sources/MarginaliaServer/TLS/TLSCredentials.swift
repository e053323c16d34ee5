import CCrypto
import CMicroHTTPD
import Foundation
import Marginalia

/// The certificate chain and private key an HTTPS server presents (`marginalia serve
/// --tls-cert FILE --tls-key FILE`, docs/deploy.md), read and checked before the server listens.
///
/// GnuTLS, which libmicrohttpd uses for TLS, takes a key that belongs to another certificate
/// and fails only when a client connects; so the pair is read with OpenSSL's libcrypto first
/// and every mistake is reported by file, before a socket is opened.
public struct TLSCredentials: Sendable, Equatable {
    /// The certificate file as given: the server's certificate, then any intermediates (PEM).
    public let certificateFile: String
    /// The private key file as given (PEM, unencrypted: PKCS#8, PKCS#1 or SEC1).
    public let keyFile: String
    /// The certificate chain's PEM text.
    public let certificatePEM: String
    /// The private key's PEM text.
    public let keyPEM: String
    /// Whether the certificate's validity ended before now (browsers refuse it; the server
    /// still starts, with a warning, so that a renewal in progress does not stop it).
    public let isExpired: Bool

    /// The GnuTLS priority string of every HTTPS listener: TLS 1.3 and 1.2 only, each with
    /// GnuTLS's normal cipher suites (TLS 1.0 and 1.1 are refused in the handshake).
    public static let priorities = "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2"

    /// Reads and checks the pair.
    /// - Throws: ``TLSError`` naming the file and what is wrong with it.
    public static func load(certificateFile: String, keyFile: String) throws(TLSError) -> TLSCredentials {
        let certificate = try read(certificateFile)
        let key = try read(keyFile)
        if key.contains("ENCRYPTED") {
            throw .encryptedKey(file: keyFile)
        }
        var expired: Int32 = 0
        let result = certificate.withCString { certificateText in
            key.withCString { keyText in
                marginalia_tls_check_pair(certificateText, strlen(certificateText), keyText, strlen(keyText), &expired)
            }
        }
        switch result {
        case MARGINALIA_TLS_PAIR_OK:
            return TLSCredentials(certificateFile: certificateFile, keyFile: keyFile, certificatePEM: certificate,
                                  keyPEM: key, isExpired: expired != 0)
        case MARGINALIA_TLS_PAIR_NO_CERTIFICATE:
            throw .notACertificate(file: certificateFile)
        case MARGINALIA_TLS_PAIR_NO_KEY:
            throw .notAPrivateKey(file: keyFile)
        default:
            throw .keyDoesNotMatch(certificateFile: certificateFile, keyFile: keyFile)
        }
    }

    /// Throws ``TLSError/unsupported`` when the installed libmicrohttpd was built without TLS.
    public static func checkSupported() throws(TLSError) {
        switch marginalia_mhd_tls_supported() {
        case 1: return
        case 0: throw .unsupported
        default: throw .libraryMissing
        }
    }

    /// A file's text; the error says why it could not be read.
    private static func read(_ path: String) throws(TLSError) -> String {
        let data: Data
        do {
            data = try InputFile.read(path, limit: InputFile.smallFileLimit)
        } catch {
            throw .unreadable(file: path, reason: error.reason)
        }
        // PEM is ASCII; anything else (DER, a binary file) cannot be one.
        guard !data.isEmpty, let text = String(data: data, encoding: .utf8), !text.contains("\0") else {
            throw .unreadable(file: path, reason: data.isEmpty ? "the file is empty" : "the file is not PEM text")
        }
        return text
    }
}
