// The libcrypto functions PDFCore calls, loaded when an encrypted file first needs one
// (CLazyLibrary.h says why).
#include "CCrypto.h"
#include "CLazyLibrary.h"
#include <limits.h>
#include <openssl/err.h>
#include <openssl/hmac.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

static marginalia_library crypto = MARGINALIA_LIBRARY("libssl3", "libcrypto.so.3", "libcrypto.so");

MARGINALIA_FORWARD(crypto, const EVP_MD *, EVP_md5, (void), ())
MARGINALIA_FORWARD(crypto, const EVP_MD *, EVP_sha256, (void), ())
MARGINALIA_FORWARD(crypto, const EVP_MD *, EVP_sha384, (void), ())
MARGINALIA_FORWARD(crypto, const EVP_MD *, EVP_sha512, (void), ())
MARGINALIA_FORWARD(crypto, const EVP_CIPHER *, EVP_aes_128_cbc, (void), ())
MARGINALIA_FORWARD(crypto, const EVP_CIPHER *, EVP_aes_256_cbc, (void), ())
MARGINALIA_FORWARD(crypto, int, EVP_Digest,
                   (const void *data, size_t count, unsigned char *md, unsigned int *size, const EVP_MD *type, ENGINE *impl),
                   (data, count, md, size, type, impl))
MARGINALIA_FORWARD(crypto, EVP_CIPHER_CTX *, EVP_CIPHER_CTX_new, (void), ())
MARGINALIA_FORWARD_VOID(crypto, EVP_CIPHER_CTX_free, (EVP_CIPHER_CTX *context), (context))
MARGINALIA_FORWARD(crypto, int, EVP_CIPHER_CTX_set_padding, (EVP_CIPHER_CTX *context, int pad), (context, pad))
MARGINALIA_FORWARD(crypto, int, EVP_CipherInit_ex,
                   (EVP_CIPHER_CTX *context, const EVP_CIPHER *cipher, ENGINE *impl, const unsigned char *key,
                    const unsigned char *iv, int enc),
                   (context, cipher, impl, key, iv, enc))
MARGINALIA_FORWARD(crypto, int, EVP_CipherUpdate,
                   (EVP_CIPHER_CTX *context, unsigned char *out, int *outl, const unsigned char *in, int inl),
                   (context, out, outl, in, inl))
MARGINALIA_FORWARD(crypto, int, EVP_CipherFinal_ex, (EVP_CIPHER_CTX *context, unsigned char *out, int *outl),
                   (context, out, outl))
MARGINALIA_FORWARD(crypto, int, RAND_bytes, (unsigned char *buffer, int count), (buffer, count))

// The certificate and key check of `marginalia serve --tls-cert/--tls-key`: GnuTLS (inside
// libmicrohttpd) would take a key of another certificate and fail only at each handshake.
MARGINALIA_FORWARD(crypto, BIO *, BIO_new_mem_buf, (const void *buffer, int length), (buffer, length))
MARGINALIA_FORWARD(crypto, int, BIO_free, (BIO *bio), (bio))
MARGINALIA_FORWARD(crypto, X509 *, PEM_read_bio_X509, (BIO *bio, X509 **x, pem_password_cb *cb, void *u), (bio, x, cb, u))
MARGINALIA_FORWARD(crypto, EVP_PKEY *, PEM_read_bio_PrivateKey, (BIO *bio, EVP_PKEY **x, pem_password_cb *cb, void *u),
                   (bio, x, cb, u))
MARGINALIA_FORWARD_VOID(crypto, X509_free, (X509 *certificate), (certificate))
MARGINALIA_FORWARD_VOID(crypto, EVP_PKEY_free, (EVP_PKEY *key), (key))
MARGINALIA_FORWARD(crypto, int, X509_check_private_key, (const X509 *certificate, const EVP_PKEY *key),
                   (certificate, key))
MARGINALIA_FORWARD(crypto, const ASN1_TIME *, X509_get0_notAfter, (const X509 *certificate), (certificate))
MARGINALIA_FORWARD(crypto, int, X509_cmp_current_time, (const ASN1_TIME *time), (time))
MARGINALIA_FORWARD_VOID(crypto, ERR_clear_error, (void), ())

// The signatures of JSON Web Tokens (`marginalia serve --jwt-hs256-secret-file` and
// `--jwt-rs256-public-key`, RFC 7518 §3.2 and §3.3).
MARGINALIA_FORWARD(crypto, unsigned char *, HMAC,
                   (const EVP_MD *type, const void *key, int key_length, const unsigned char *data, size_t length,
                    unsigned char *md, unsigned int *md_length),
                   (type, key, key_length, data, length, md, md_length))
MARGINALIA_FORWARD(crypto, EVP_PKEY *, PEM_read_bio_PUBKEY, (BIO *bio, EVP_PKEY **x, pem_password_cb *cb, void *u),
                   (bio, x, cb, u))
MARGINALIA_FORWARD(crypto, int, EVP_PKEY_get_base_id, (const EVP_PKEY *key), (key))
MARGINALIA_FORWARD(crypto, EVP_MD_CTX *, EVP_MD_CTX_new, (void), ())
MARGINALIA_FORWARD_VOID(crypto, EVP_MD_CTX_free, (EVP_MD_CTX *context), (context))
MARGINALIA_FORWARD(crypto, int, EVP_DigestVerifyInit,
                   (EVP_MD_CTX *context, EVP_PKEY_CTX **key_context, const EVP_MD *type, ENGINE *engine, EVP_PKEY *key),
                   (context, key_context, type, engine, key))
MARGINALIA_FORWARD(crypto, int, EVP_DigestVerify,
                   (EVP_MD_CTX *context, const unsigned char *signature, size_t signature_length,
                    const unsigned char *data, size_t length),
                   (context, signature, signature_length, data, length))

/* A passphrase prompt would wait on the terminal of a server: say there is none. */
static int no_passphrase(char *buffer, int size, int writing, void *context) {
    (void) buffer;
    (void) size;
    (void) writing;
    (void) context;
    return 0;
}

marginalia_tls_pair marginalia_tls_check_pair(const char *certificate, size_t certificate_length, const char *key,
                                              size_t key_length, int *expired) {
    *expired = 0;
    if (certificate_length > INT_MAX || key_length > INT_MAX) return MARGINALIA_TLS_PAIR_NO_CERTIFICATE;
    BIO *certificate_bio = BIO_new_mem_buf(certificate, (int) certificate_length);
    X509 *x509 = certificate_bio == NULL ? NULL : PEM_read_bio_X509(certificate_bio, NULL, no_passphrase, NULL);
    if (certificate_bio != NULL) BIO_free(certificate_bio);
    if (x509 == NULL) {
        ERR_clear_error();
        return MARGINALIA_TLS_PAIR_NO_CERTIFICATE;
    }
    BIO *key_bio = BIO_new_mem_buf(key, (int) key_length);
    EVP_PKEY *private_key = key_bio == NULL ? NULL : PEM_read_bio_PrivateKey(key_bio, NULL, no_passphrase, NULL);
    if (key_bio != NULL) BIO_free(key_bio);
    marginalia_tls_pair result = MARGINALIA_TLS_PAIR_OK;
    if (private_key == NULL) {
        result = MARGINALIA_TLS_PAIR_NO_KEY;
    } else if (X509_check_private_key(x509, private_key) != 1) {
        result = MARGINALIA_TLS_PAIR_MISMATCH;
    }
    const ASN1_TIME *not_after = X509_get0_notAfter(x509);
    if (not_after != NULL && X509_cmp_current_time(not_after) < 0) *expired = 1;
    if (private_key != NULL) EVP_PKEY_free(private_key);
    X509_free(x509);
    ERR_clear_error();
    return result;
}

int marginalia_hmac_sha256(const void *key, size_t key_length, const unsigned char *data, size_t length,
                           unsigned char *digest) {
    if (key_length > INT_MAX) return 0;
    unsigned int digest_length = 0;
    return HMAC(EVP_sha256(), key, (int) key_length, data, length, digest, &digest_length) != NULL && digest_length == 32;
}

int marginalia_rs256_verify(const char *pem, size_t pem_length, const unsigned char *data, size_t length,
                            const unsigned char *signature, size_t signature_length) {
    if (pem_length > INT_MAX) return -1;
    BIO *bio = BIO_new_mem_buf(pem, (int) pem_length);
    EVP_PKEY *key = bio == NULL ? NULL : PEM_read_bio_PUBKEY(bio, NULL, no_passphrase, NULL);
    if (bio != NULL) BIO_free(bio);
    if (key == NULL || EVP_PKEY_get_base_id(key) != EVP_PKEY_RSA) {
        if (key != NULL) EVP_PKEY_free(key);
        ERR_clear_error();
        return -1;
    }
    int valid = 0;
    if (data != NULL && signature != NULL) {
        EVP_MD_CTX *context = EVP_MD_CTX_new();
        if (context != NULL && EVP_DigestVerifyInit(context, NULL, EVP_sha256(), NULL, key) == 1) {
            valid = EVP_DigestVerify(context, signature, signature_length, data, length) == 1;
        }
        if (context != NULL) EVP_MD_CTX_free(context);
    }
    EVP_PKEY_free(key);
    ERR_clear_error();
    return valid;
}
