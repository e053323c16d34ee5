// What the server keeps of its users' certificates (docs/signatures.md, "Signing on the
// server"): each PKCS#12 file sealed with AES-256-GCM under the operator's key, and its
// certificate described for the editor. Loaded on first use, as crypto.c is.
#include "CCrypto.h"
#include "CLazyLibrary.h"
#include "pkcs12_open.h"
#include <limits.h>
#include <string.h>
#include <time.h>
#include <openssl/err.h>
#include <openssl/x509.h>

static marginalia_library seal_crypto = MARGINALIA_LIBRARY("libssl3", "libcrypto.so.3", "libcrypto.so");

MARGINALIA_FORWARD(seal_crypto, const EVP_CIPHER *, EVP_aes_256_gcm, (void), ())
MARGINALIA_FORWARD(seal_crypto, int, EVP_CIPHER_CTX_ctrl, (EVP_CIPHER_CTX *context, int type, int arg, void *ptr),
                   (context, type, arg, ptr))
MARGINALIA_FORWARD(seal_crypto, X509_NAME *, X509_get_issuer_name, (const X509 *x), (x))
MARGINALIA_FORWARD_VOID(seal_crypto, OPENSSL_cleanse, (void *ptr, size_t len), (ptr, len))

static void free_x509(void *certificate) { X509_free(certificate); }

/* `name` as RFC 2253 text, NUL-terminated and cut to `capacity`. */
static void name_text(const X509_NAME *name, char *text, size_t capacity) {
    text[0] = 0;
    BIO *bio = BIO_new(BIO_s_mem());
    if (bio == NULL) return;
    X509_NAME_print_ex(bio, name, 0, XN_FLAG_RFC2253);
    int count = BIO_read(bio, text, (int) capacity - 1);
    text[count > 0 ? count : 0] = 0;
    BIO_free(bio);
}

marginalia_cms_sign_result marginalia_pkcs12_describe(const unsigned char *p12, size_t p12_length, const char *password,
                                                      marginalia_pkcs12_summary *summary) {
    memset(summary, 0, sizeof *summary);
    EVP_PKEY *key;
    X509 *certificate;
    STACK_OF(X509) *chain;
    marginalia_cms_sign_result result = MARGINALIA_CMS_FAILED;
    if (!marginalia_open_pkcs12(p12, p12_length, password, &key, &certificate, &chain, &result)) {
        ERR_clear_error();
        return result;
    }
    name_text(X509_get_subject_name(certificate), summary->subject, sizeof summary->subject);
    name_text(X509_get_issuer_name(certificate), summary->issuer, sizeof summary->issuer);
    struct tm parts;
    if (ASN1_TIME_to_tm(X509_get0_notAfter(certificate), &parts) == 1) {
        strftime(summary->not_after, sizeof summary->not_after, "%Y-%m-%dT%H:%M:%SZ", &parts);
    }
    EVP_PKEY_free(key);
    X509_free(certificate);
    if (chain != NULL) OPENSSL_sk_pop_free((OPENSSL_STACK *) chain, free_x509);
    ERR_clear_error();
    return MARGINALIA_CMS_SIGNED;
}

/* One AES-256-GCM pass: `encrypt` 1 seals (the tag is written), 0 opens (the tag is checked). */
static int gcm(int encrypt, const unsigned char *key, const unsigned char *nonce, const unsigned char *associated,
               size_t associated_length, const unsigned char *in, size_t length, unsigned char *tag, unsigned char *out) {
    if (length > INT_MAX || associated_length > INT_MAX) return 0;
    EVP_CIPHER_CTX *context = EVP_CIPHER_CTX_new();
    if (context == NULL) return 0;
    int written = 0;
    int ok = EVP_CipherInit_ex(context, EVP_aes_256_gcm(), NULL, NULL, NULL, encrypt) == 1 &&
             EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, 12, NULL) == 1 &&
             EVP_CipherInit_ex(context, NULL, NULL, key, nonce, encrypt) == 1 &&
             (associated_length == 0 ||
              EVP_CipherUpdate(context, NULL, &written, associated, (int) associated_length) == 1) &&
             (length == 0 || EVP_CipherUpdate(context, out, &written, in, (int) length) == 1);
    if (ok && !encrypt) ok = EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, 16, tag) == 1;
    ok = ok && EVP_CipherFinal_ex(context, out + (length == 0 ? 0 : written), &written) == 1;
    if (ok && encrypt) ok = EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, 16, tag) == 1;
    EVP_CIPHER_CTX_free(context);
    if (!ok && !encrypt && length > 0) OPENSSL_cleanse(out, length);
    ERR_clear_error();
    return ok;
}

int marginalia_aes256gcm_seal(const unsigned char *key, const unsigned char *nonce, const unsigned char *associated,
                              size_t associated_length, const unsigned char *plain, size_t length, unsigned char *out,
                              unsigned char *tag) {
    return gcm(1, key, nonce, associated, associated_length, plain, length, tag, out);
}

int marginalia_aes256gcm_open(const unsigned char *key, const unsigned char *nonce, const unsigned char *associated,
                              size_t associated_length, const unsigned char *sealed, size_t length,
                              const unsigned char *tag, unsigned char *out) {
    return gcm(0, key, nonce, associated, associated_length, sealed, length, (unsigned char *) tag, out);
}

int marginalia_random_bytes(unsigned char *buffer, size_t count) {
    return count <= INT_MAX && RAND_bytes(buffer, (int) count) == 1;
}

void marginalia_wipe(void *buffer, size_t length) {
    if (length > 0) OPENSSL_cleanse(buffer, length);
}
