// The libcrypto functions PDFCore calls, loaded when an encrypted file first needs one
// (CLazyLibrary.h says why).
#include "CCrypto.h"
#include "CLazyLibrary.h"

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
