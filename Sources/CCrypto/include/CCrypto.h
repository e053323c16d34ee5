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
