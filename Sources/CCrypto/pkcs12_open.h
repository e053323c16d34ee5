// Within CCrypto only: the PKCS#12 opening cms.c signs with, which sealing.c reads the
// certificate of for the server's certificates of users (docs/signatures.md). Include it
// after CCrypto.h, which has no include guard.
#ifndef MARGINALIA_PKCS12_OPEN_H
#define MARGINALIA_PKCS12_OPEN_H
#include <openssl/x509.h>

/* Opens a PKCS#12 file: 1 with the key, certificate and chain (the caller frees them), else 0
   with nothing to free and `*failure` saying why. */
int marginalia_open_pkcs12(const unsigned char *p12, size_t p12_length, const char *password, EVP_PKEY **key,
                           X509 **certificate, STACK_OF(X509) **chain, marginalia_cms_sign_result *failure);

#endif
