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
