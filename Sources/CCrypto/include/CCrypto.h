// OpenSSL's libcrypto (Debian: libssl-dev) for the standard security handler: digests, AES
// and RC4... through EVP. Loaded on the first call (crypto.c): only encrypted files need it.
#include <openssl/evp.h>
#include <openssl/md5.h>
#include <openssl/sha.h>
#include <openssl/aes.h>
#include <openssl/rand.h>
