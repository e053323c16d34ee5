/// Why an HTTPS server cannot start: each case names the file and what is wrong with it, as
/// `marginalia serve` prints it before exiting non-zero (nothing has listened by then).
public enum TLSError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file could not be read, or holds no text.
    case unreadable(file: String, reason: String)
    /// The certificate file holds no PEM certificate.
    case notACertificate(file: String)
    /// The key file holds no PEM private key.
    case notAPrivateKey(file: String)
    /// The key is encrypted with a passphrase, which a server cannot type.
    case encryptedKey(file: String)
    /// The key is not the private key of the certificate.
    case keyDoesNotMatch(certificateFile: String, keyFile: String)
    /// libmicrohttpd was built without TLS.
    case unsupported
    /// libmicrohttpd could not be loaded at all.
    case libraryMissing

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file): cannot read it (\(reason))"
        case .notACertificate(let file):
            return "\(file): no PEM certificate in it (expected '-----BEGIN CERTIFICATE-----')"
        case .notAPrivateKey(let file):
            return "\(file): no PEM private key in it (expected '-----BEGIN PRIVATE KEY-----' or an RSA or EC key)"
        case .encryptedKey(let file):
            return "\(file): the private key is encrypted; give it without a passphrase (openssl pkey -in KEY -out PLAIN)"
        case .keyDoesNotMatch(let certificateFile, let keyFile):
            return "\(keyFile): this private key does not belong to the certificate in \(certificateFile)"
        case .unsupported:
            return "this libmicrohttpd was built without TLS support (MHD_FEATURE_TLS); install Debian's libmicrohttpd12, which has it, or terminate TLS in a proxy (--behind-tls-proxy)"
        case .libraryMissing:
            return "libmicrohttpd cannot be loaded, so HTTPS cannot be checked (see the message above)"
        }
    }
}
