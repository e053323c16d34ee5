// OpenSSL's libcrypto (Debian: libssl-dev) for the standard security handler: digests, AES
// and RC4... through EVP. Loaded on the first call (crypto.c): only encrypted files need it.
#include <openssl/evp.h>
#include <openssl/md5.h>
#include <openssl/sha.h>
#include <openssl/aes.h>
#include <openssl/rand.h>

/// What marginalia_tls_check_pair found in a certificate and private key (PEM text).
typedef enum marginalia_tls_pair {
    MARGINALIA_TLS_PAIR_OK = 0,
    /// The certificate text holds no PEM certificate OpenSSL can read.
    MARGINALIA_TLS_PAIR_NO_CERTIFICATE = 1,
    /// The key text holds no PEM private key OpenSSL can read (without a passphrase).
    MARGINALIA_TLS_PAIR_NO_KEY = 2,
    /// The private key is not the key of the certificate's public key.
    MARGINALIA_TLS_PAIR_MISMATCH = 3,
} marginalia_tls_pair;

/// Reads the first certificate of `certificate` and the private key in `key` (PEM text, not
/// necessarily NUL-terminated) and checks that the key belongs to the certificate. Never asks
/// for a passphrase: an encrypted key is MARGINALIA_TLS_PAIR_NO_KEY. `expired` is set to 1
/// when the certificate's notAfter has passed, else 0.
marginalia_tls_pair marginalia_tls_check_pair(const char *certificate, size_t certificate_length, const char *key,
                                              size_t key_length, int *expired);

/// HMAC-SHA256 of `data` with `key` into `digest` (32 bytes): 1 when done, else 0.
int marginalia_hmac_sha256(const void *key, size_t key_length, const unsigned char *data, size_t length,
                           unsigned char *digest);

/// Checks an RS256 signature (RSASSA-PKCS1-v1_5 with SHA-256) of `data` with the RSA public
/// key in `pem` (a PEM "PUBLIC KEY"): 1 when it is valid, 0 when not, -1 when `pem` holds no
/// RSA public key. With `data` or `signature` NULL only the key is read (0 or -1).
int marginalia_rs256_verify(const char *pem, size_t pem_length, const unsigned char *data, size_t length,
                            const unsigned char *signature, size_t signature_length);

// MARK: - CMS signatures of PDF files (cms.c): ISO 32000-2 12.8, ETSI EN 319 142-1 (PAdES)

/// What marginalia_cms_verify found in one CMS SignedData.
typedef struct marginalia_cms_report {
    /// 1 when the bytes are a CMS SignedData with at least one signer, else 0 (the rest unset).
    int parsed;
    /// 1 when the signer's certificate is among the certificates the CMS carries.
    int signer_found;
    /// 1 when the digest of the signed content equals the messageDigest attribute (and, for
    /// an encapsulated digest, the SHA-1 of the covered bytes equals the encapsulated one).
    int digest_matches;
    /// 1 when the signature over the signed attributes verifies with the signer's key.
    int signature_valid;
    /// 1 when the chain to one of the trust anchors verifies, 0 when it does not, -1 when no
    /// anchors were given.
    int chain;
    /// 1 when the signed attributes hold an ESS signing-certificate-v2 (RFC 5035).
    int has_signing_certificate_v2;
    /// 1 when the unsigned attributes hold a signature time-stamp token (RFC 3161).
    int has_timestamp;
    /// Why the chain did not verify (OpenSSL's words), when chain is 0.
    char chain_error[160];
    /// The signer certificate's subject, RFC 2253.
    char subject[512];
    /// The signingTime attribute as YYYY-MM-DDTHH:MM:SSZ, or empty.
    char signing_time[32];
    /// The short name of the signer's digest algorithm ("SHA256").
    char digest_algorithm[32];
} marginalia_cms_report;

/// Reads the DER CMS `der` and checks it against `content` (the bytes a /ByteRange covers).
/// `encapsulated_sha1` is 1 for /adbe.pkcs7.sha1 (the CMS holds the SHA-1 of the content),
/// else 0 (detached). `trust_pem` (may be NULL) holds PEM certificates trusted as anchors.
/// Returns report->parsed.
int marginalia_cms_verify(const unsigned char *der, size_t der_length, const unsigned char *content,
                          size_t content_length, int encapsulated_sha1, const char *trust_pem, size_t trust_length,
                          marginalia_cms_report *report);

/// What marginalia_cms_sign did.
typedef enum marginalia_cms_sign_result {
    MARGINALIA_CMS_SIGNED = 0,
    /// The bytes are not a PKCS#12 file.
    MARGINALIA_CMS_P12_UNREADABLE = 1,
    /// The password does not open the PKCS#12 file.
    MARGINALIA_CMS_P12_PASSWORD = 2,
    /// The PKCS#12 file holds no private key with its certificate.
    MARGINALIA_CMS_P12_NO_KEY = 3,
    /// OpenSSL could not build or sign the CMS.
    MARGINALIA_CMS_FAILED = 4,
    /// The CMS is larger than the output buffer (`*out_length` says how large).
    MARGINALIA_CMS_TOO_LARGE = 5,
} marginalia_cms_sign_result;

/// Signs `digest` (the SHA-256 of the bytes a /ByteRange covers, 32 bytes) as a detached CMS
/// SignedData for PAdES: SHA-256, contentType, messageDigest and an ESS signing-certificate-v2
/// as signed attributes and no signingTime (ETSI EN 319 142-1 5.2: the time is the /M of the
/// signature dictionary), the signer's certificate and the PKCS#12 file's other certificates.
/// The DER goes to `out`; `*out_length` is its length (marginalia_cms_add_timestamp adds a
/// time-stamp for B-T afterwards).
marginalia_cms_sign_result marginalia_cms_sign(const unsigned char *p12, size_t p12_length, const char *password,
                                               const unsigned char *digest, unsigned char *out, size_t out_capacity,
                                               size_t *out_length);

// MARK: - Signature time-stamps (timestamp.c): RFC 3161, PAdES baseline B-T

/// What marginalia_timestamp_check found in an RFC 3161 TimeStampToken.
typedef struct marginalia_timestamp_report {
    /// 1 when the token is a SignedData holding a TSTInfo, else 0 (the rest unset).
    int parsed;
    /// 1 when the TSTInfo's messageImprint is the digest (with its algorithm) of the stamped bytes.
    int imprint_matches;
    /// 1 when the authority's signature over the TSTInfo verifies with the certificate the
    /// token carries (the certificate's trust is not checked).
    int signature_valid;
    /// The TSTInfo's genTime as YYYY-MM-DDTHH:MM:SSZ, or empty.
    char time[32];
} marginalia_timestamp_report;

/// Copies the signature value of the first signer of the CMS `der` to `out`: 1 when copied,
/// -1 when it is larger than `capacity` (`*out_length` says how large), 0 when `der` is not
/// a SignedData with a signer. A signature time-stamp is over these bytes.
int marginalia_cms_signature_value(const unsigned char *der, size_t der_length, unsigned char *out, size_t capacity,
                                   size_t *out_length);

/// The CMS `der` with the DER TimeStampToken `token` added to its first signer as the unsigned
/// attribute id-aa-timeStampToken, written to `out` (MARGINALIA_CMS_TOO_LARGE when it is over
/// `capacity`, `*out_length` saying how large).
marginalia_cms_sign_result marginalia_cms_add_timestamp(const unsigned char *der, size_t der_length,
                                                        const unsigned char *token, size_t token_length,
                                                        unsigned char *out, size_t capacity, size_t *out_length);

/// Checks the DER TimeStampToken `token` against the bytes it stamps. Returns report->parsed.
int marginalia_timestamp_check(const unsigned char *token, size_t token_length, const unsigned char *stamped,
                               size_t stamped_length, marginalia_timestamp_report *report);

/// Checks the signature time-stamp of the first signer of the CMS `der` (its token against the
/// signer's signature value). Returns report->parsed: 0 when there is none or it is unreadable.
int marginalia_cms_timestamp(const unsigned char *der, size_t der_length, marginalia_timestamp_report *report);

/// Copies the commonName of the PKCS#12 file's certificate (UTF-8, NUL-terminated, cut to
/// `capacity`) into `name`: 1 when found, 0 when the file does not open with `password` or
/// its certificate has no commonName. For the text of a visible signature.
int marginalia_pkcs12_common_name(const unsigned char *p12, size_t p12_length, const char *password, char *name,
                                  size_t capacity);

// MARK: - Users' certificates on the server (sealing.c; docs/signatures.md, "Signing on the server")

/// The certificate of a PKCS#12 file, as the server shows it to its user.
typedef struct marginalia_pkcs12_summary {
    /// The certificate's subject and issuer, RFC 2253.
    char subject[512];
    char issuer[512];
    /// The certificate's notAfter as YYYY-MM-DDTHH:MM:SSZ, or empty.
    char not_after[32];
} marginalia_pkcs12_summary;

/// Opens the PKCS#12 file with `password` and describes its certificate: MARGINALIA_CMS_SIGNED
/// when it holds a key with its certificate, else why not (the P12_ results).
marginalia_cms_sign_result marginalia_pkcs12_describe(const unsigned char *p12, size_t p12_length, const char *password,
                                                      marginalia_pkcs12_summary *summary);

/// AES-256-GCM encryption of `plain` with the 32-byte `key` and the 12-byte `nonce`, binding
/// `associated` (authenticated, not encrypted): the ciphertext (as long as `plain`) goes to
/// `out`, the 16-byte tag to `tag`. 1 when done, else 0.
int marginalia_aes256gcm_seal(const unsigned char *key, const unsigned char *nonce, const unsigned char *associated,
                              size_t associated_length, const unsigned char *plain, size_t length, unsigned char *out,
                              unsigned char *tag);

/// The inverse of marginalia_aes256gcm_seal: 1 when the tag verifies for this key, nonce,
/// associated data and ciphertext (the plaintext is then in `out`), else 0 (`out` cleared).
int marginalia_aes256gcm_open(const unsigned char *key, const unsigned char *nonce, const unsigned char *associated,
                              size_t associated_length, const unsigned char *sealed, size_t length,
                              const unsigned char *tag, unsigned char *out);

/// Fills `buffer` with `count` bytes from OpenSSL's random generator: 1 when done, else 0.
int marginalia_random_bytes(unsigned char *buffer, size_t count);

/// Overwrites `length` bytes at `buffer` with zeros in a way the compiler keeps (OPENSSL_cleanse).
void marginalia_wipe(void *buffer, size_t length);
