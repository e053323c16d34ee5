// CMS SignedData for PDF signatures (ISO 32000-2 12.8.3.3; PAdES, ETSI EN 319 142-1): reading
// and checking what others signed, and signing with a PKCS#12 key. Loaded on first use, as
// crypto.c is.
#include "CCrypto.h"
#include "CLazyLibrary.h"
#include "pkcs12_open.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <openssl/cms.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>

static marginalia_library cms_crypto = MARGINALIA_LIBRARY("libssl3", "libcrypto.so.3", "libcrypto.so");

MARGINALIA_FORWARD(cms_crypto, CMS_ContentInfo *, d2i_CMS_ContentInfo,
                   (CMS_ContentInfo **a, const unsigned char **in, long length), (a, in, length))
MARGINALIA_FORWARD(cms_crypto, int, i2d_CMS_ContentInfo, (const CMS_ContentInfo *a, unsigned char **out), (a, out))
MARGINALIA_FORWARD_VOID(cms_crypto, CMS_ContentInfo_free, (CMS_ContentInfo *cms), (cms))
MARGINALIA_FORWARD(cms_crypto, const ASN1_OBJECT *, CMS_get0_type, (const CMS_ContentInfo *cms), (cms))
MARGINALIA_FORWARD(cms_crypto, STACK_OF(CMS_SignerInfo) *, CMS_get0_SignerInfos, (CMS_ContentInfo *cms), (cms))
MARGINALIA_FORWARD(cms_crypto, STACK_OF(X509) *, CMS_get1_certs, (CMS_ContentInfo *cms), (cms))
MARGINALIA_FORWARD(cms_crypto, ASN1_OCTET_STRING **, CMS_get0_content, (CMS_ContentInfo *cms), (cms))
MARGINALIA_FORWARD(cms_crypto, int, CMS_set1_signers_certs, (CMS_ContentInfo *cms, STACK_OF(X509) *certs, unsigned int flags),
                   (cms, certs, flags))
MARGINALIA_FORWARD_VOID(cms_crypto, CMS_SignerInfo_get0_algs,
                        (CMS_SignerInfo *si, EVP_PKEY **pk, X509 **signer, X509_ALGOR **pdig, X509_ALGOR **psig),
                        (si, pk, signer, pdig, psig))
MARGINALIA_FORWARD(cms_crypto, int, CMS_SignerInfo_verify, (CMS_SignerInfo *si), (si))
MARGINALIA_FORWARD(cms_crypto, ASN1_OCTET_STRING *, CMS_SignerInfo_get0_signature, (CMS_SignerInfo *si), (si))
MARGINALIA_FORWARD(cms_crypto, int, CMS_signed_get_attr_count, (const CMS_SignerInfo *si), (si))
MARGINALIA_FORWARD(cms_crypto, int, CMS_signed_get_attr_by_NID, (const CMS_SignerInfo *si, int nid, int lastpos),
                   (si, nid, lastpos))
MARGINALIA_FORWARD(cms_crypto, X509_ATTRIBUTE *, CMS_signed_get_attr, (const CMS_SignerInfo *si, int loc), (si, loc))
MARGINALIA_FORWARD(cms_crypto, int, CMS_signed_add1_attr_by_NID,
                   (CMS_SignerInfo *si, int nid, int type, const void *bytes, int len), (si, nid, type, bytes, len))
MARGINALIA_FORWARD(cms_crypto, int, CMS_unsigned_get_attr_by_NID, (const CMS_SignerInfo *si, int nid, int lastpos),
                   (si, nid, lastpos))
MARGINALIA_FORWARD(cms_crypto, CMS_ContentInfo *, CMS_sign,
                   (X509 *signcert, EVP_PKEY *pkey, STACK_OF(X509) *certs, BIO *data, unsigned int flags),
                   (signcert, pkey, certs, data, flags))
MARGINALIA_FORWARD(cms_crypto, CMS_SignerInfo *, CMS_add1_signer,
                   (CMS_ContentInfo *cms, X509 *signer, EVP_PKEY *pk, const EVP_MD *md, unsigned int flags),
                   (cms, signer, pk, md, flags))
MARGINALIA_FORWARD(cms_crypto, int, CMS_add1_cert, (CMS_ContentInfo *cms, X509 *cert), (cms, cert))
MARGINALIA_FORWARD(cms_crypto, int, OPENSSL_sk_num, (const OPENSSL_STACK *stack), (stack))
MARGINALIA_FORWARD(cms_crypto, void *, OPENSSL_sk_value, (const OPENSSL_STACK *stack, int index), (stack, index))
MARGINALIA_FORWARD_VOID(cms_crypto, OPENSSL_sk_pop_free, (OPENSSL_STACK *stack, void (*free_item)(void *)),
                        (stack, free_item))
MARGINALIA_FORWARD(cms_crypto, X509_NAME *, X509_get_subject_name, (const X509 *x), (x))
MARGINALIA_FORWARD(cms_crypto, int, X509_NAME_print_ex, (BIO *out, const X509_NAME *name, int indent, unsigned long flags),
                   (out, name, indent, flags))
MARGINALIA_FORWARD(cms_crypto, const BIO_METHOD *, BIO_s_mem, (void), ())
MARGINALIA_FORWARD(cms_crypto, BIO *, BIO_new, (const BIO_METHOD *type), (type))
MARGINALIA_FORWARD(cms_crypto, int, BIO_read, (BIO *b, void *data, int dlen), (b, data, dlen))
MARGINALIA_FORWARD_VOID(cms_crypto, X509_ALGOR_get0,
                        (const ASN1_OBJECT **paobj, int *pptype, const void **ppval, const X509_ALGOR *algor),
                        (paobj, pptype, ppval, algor))
MARGINALIA_FORWARD(cms_crypto, int, OBJ_obj2nid, (const ASN1_OBJECT *o), (o))
MARGINALIA_FORWARD(cms_crypto, const char *, OBJ_nid2sn, (int n), (n))
MARGINALIA_FORWARD(cms_crypto, ASN1_OBJECT *, OBJ_nid2obj, (int n), (n))
MARGINALIA_FORWARD(cms_crypto, const EVP_MD *, EVP_get_digestbyname, (const char *name), (name))
MARGINALIA_FORWARD(cms_crypto, const EVP_MD *, EVP_sha1, (void), ())
MARGINALIA_FORWARD(cms_crypto, ASN1_TYPE *, X509_ATTRIBUTE_get0_type, (X509_ATTRIBUTE *attr, int idx), (attr, idx))
MARGINALIA_FORWARD(cms_crypto, int, i2d_X509_ATTRIBUTE, (const X509_ATTRIBUTE *a, unsigned char **out), (a, out))
MARGINALIA_FORWARD(cms_crypto, const unsigned char *, ASN1_STRING_get0_data, (const ASN1_STRING *x), (x))
MARGINALIA_FORWARD(cms_crypto, int, ASN1_STRING_length, (const ASN1_STRING *x), (x))
MARGINALIA_FORWARD(cms_crypto, int, ASN1_STRING_set, (ASN1_STRING *str, const void *data, int len), (str, data, len))
MARGINALIA_FORWARD(cms_crypto, int, ASN1_TIME_to_tm, (const ASN1_TIME *s, struct tm *tm), (s, tm))
MARGINALIA_FORWARD(cms_crypto, X509_STORE *, X509_STORE_new, (void), ())
MARGINALIA_FORWARD_VOID(cms_crypto, X509_STORE_free, (X509_STORE *store), (store))
MARGINALIA_FORWARD(cms_crypto, int, X509_STORE_add_cert, (X509_STORE *store, X509 *x), (store, x))
MARGINALIA_FORWARD(cms_crypto, X509_STORE_CTX *, X509_STORE_CTX_new, (void), ())
MARGINALIA_FORWARD_VOID(cms_crypto, X509_STORE_CTX_free, (X509_STORE_CTX *ctx), (ctx))
MARGINALIA_FORWARD(cms_crypto, int, X509_STORE_CTX_init,
                   (X509_STORE_CTX *ctx, X509_STORE *store, X509 *target, STACK_OF(X509) *untrusted),
                   (ctx, store, target, untrusted))
MARGINALIA_FORWARD(cms_crypto, int, X509_verify_cert, (X509_STORE_CTX *ctx), (ctx))
MARGINALIA_FORWARD(cms_crypto, int, X509_STORE_CTX_get_error, (const X509_STORE_CTX *ctx), (ctx))
MARGINALIA_FORWARD(cms_crypto, const char *, X509_verify_cert_error_string, (long n), (n))
MARGINALIA_FORWARD(cms_crypto, PKCS12 *, d2i_PKCS12, (PKCS12 **a, const unsigned char **in, long length), (a, in, length))
MARGINALIA_FORWARD_VOID(cms_crypto, PKCS12_free, (PKCS12 *p12), (p12))
MARGINALIA_FORWARD(cms_crypto, int, PKCS12_parse,
                   (PKCS12 *p12, const char *pass, EVP_PKEY **pkey, X509 **cert, STACK_OF(X509) **ca),
                   (p12, pass, pkey, cert, ca))
MARGINALIA_FORWARD(cms_crypto, int, EVP_DigestSignInit,
                   (EVP_MD_CTX *ctx, EVP_PKEY_CTX **pctx, const EVP_MD *type, ENGINE *e, EVP_PKEY *pkey),
                   (ctx, pctx, type, e, pkey))
MARGINALIA_FORWARD(cms_crypto, int, EVP_DigestSign,
                   (EVP_MD_CTX *ctx, unsigned char *sigret, size_t *siglen, const unsigned char *tbs, size_t tbslen),
                   (ctx, sigret, siglen, tbs, tbslen))
MARGINALIA_FORWARD_VOID(cms_crypto, CRYPTO_free, (void *ptr, const char *file, int line), (ptr, file, line))
MARGINALIA_FORWARD(cms_crypto, int, X509_NAME_get_index_by_NID, (const X509_NAME *name, int nid, int lastpos),
                   (name, nid, lastpos))
MARGINALIA_FORWARD(cms_crypto, X509_NAME_ENTRY *, X509_NAME_get_entry, (const X509_NAME *name, int loc), (name, loc))
MARGINALIA_FORWARD(cms_crypto, ASN1_STRING *, X509_NAME_ENTRY_get_data, (const X509_NAME_ENTRY *entry), (entry))
MARGINALIA_FORWARD(cms_crypto, int, ASN1_STRING_to_UTF8, (unsigned char **out, const ASN1_STRING *in), (out, in))

static void free_certificate(void *certificate) { X509_free(certificate); }

/* The text a memory BIO holds, NUL-terminated and cut to `capacity`. */
static void read_bio_text(BIO *bio, char *text, size_t capacity) {
    int count = BIO_read(bio, text, (int) capacity - 1);
    text[count > 0 ? count : 0] = 0;
}

static void copy_text(char *target, size_t capacity, const char *text) {
    if (text == NULL) text = "";
    strncpy(target, text, capacity - 1);
    target[capacity - 1] = 0;
}

/* The octet string of the first value of a signed attribute, or NULL. */
static const ASN1_TYPE *signed_value(CMS_SignerInfo *si, int nid) {
    int index = CMS_signed_get_attr_by_NID(si, nid, -1);
    if (index < 0) return NULL;
    X509_ATTRIBUTE *attribute = CMS_signed_get_attr(si, index);
    return attribute == NULL ? NULL : X509_ATTRIBUTE_get0_type(attribute, 0);
}

static int octets_equal(const ASN1_STRING *string, const unsigned char *bytes, size_t length) {
    return string != NULL && (size_t) ASN1_STRING_length(string) == length &&
           memcmp(ASN1_STRING_get0_data(string), bytes, length) == 0;
}

static int check_chain(X509 *signer, STACK_OF(X509) *certificates, const char *trust_pem, size_t trust_length,
                       marginalia_cms_report *report) {
    if (trust_length > INT_MAX) return 0;
    X509_STORE *store = X509_STORE_new();
    BIO *bio = BIO_new_mem_buf(trust_pem, (int) trust_length);
    int anchors = 0;
    X509 *anchor;
    while (store != NULL && bio != NULL && (anchor = PEM_read_bio_X509(bio, NULL, NULL, NULL)) != NULL) {
        anchors += X509_STORE_add_cert(store, anchor) == 1;
        X509_free(anchor);
    }
    if (bio != NULL) BIO_free(bio);
    int trusted = 0;
    X509_STORE_CTX *context = X509_STORE_CTX_new();
    if (anchors == 0) {
        copy_text(report->chain_error, sizeof report->chain_error, "no certificate in the trust anchors");
    } else if (context != NULL && X509_STORE_CTX_init(context, store, signer, certificates) == 1) {
        trusted = X509_verify_cert(context) == 1;
        if (!trusted) {
            copy_text(report->chain_error, sizeof report->chain_error,
                      X509_verify_cert_error_string(X509_STORE_CTX_get_error(context)));
        }
    }
    if (context != NULL) X509_STORE_CTX_free(context);
    if (store != NULL) X509_STORE_free(store);
    return trusted;
}

int marginalia_cms_verify(const unsigned char *der, size_t der_length, const unsigned char *content,
                          size_t content_length, int encapsulated_sha1, const char *trust_pem, size_t trust_length,
                          marginalia_cms_report *report) {
    memset(report, 0, sizeof *report);
    report->chain = -1;
    if (der_length > LONG_MAX) return 0;
    const unsigned char *cursor = der;
    CMS_ContentInfo *cms = d2i_CMS_ContentInfo(NULL, &cursor, (long) der_length);
    STACK_OF(CMS_SignerInfo) *signers = NULL;
    if (cms == NULL || OBJ_obj2nid(CMS_get0_type(cms)) != NID_pkcs7_signed ||
        (signers = CMS_get0_SignerInfos(cms)) == NULL || sk_CMS_SignerInfo_num(signers) < 1) {
        if (cms != NULL) CMS_ContentInfo_free(cms);
        ERR_clear_error();
        return 0;
    }
    report->parsed = 1;
    CMS_SignerInfo *si = sk_CMS_SignerInfo_value(signers, 0);
    CMS_set1_signers_certs(cms, NULL, 0);
    X509 *signer = NULL;
    X509_ALGOR *digest_algorithm = NULL;
    CMS_SignerInfo_get0_algs(si, NULL, &signer, &digest_algorithm, NULL);
    const ASN1_OBJECT *digest_object = NULL;
    if (digest_algorithm != NULL) X509_ALGOR_get0(&digest_object, NULL, NULL, digest_algorithm);
    const char *digest_name = digest_object == NULL ? NULL : OBJ_nid2sn(OBJ_obj2nid(digest_object));
    copy_text(report->digest_algorithm, sizeof report->digest_algorithm, digest_name);
    const EVP_MD *md = digest_name == NULL ? NULL : EVP_get_digestbyname(digest_name);

    // What the messageDigest covers: the content itself (detached) or the SHA-1 of the
    // covered bytes the CMS encapsulates (/adbe.pkcs7.sha1, 12.8.3.3.1).
    const unsigned char *message = content;
    size_t message_length = content_length;
    int content_matches = 1;
    if (encapsulated_sha1) {
        ASN1_OCTET_STRING **embedded = CMS_get0_content(cms);
        unsigned char sha1[EVP_MAX_MD_SIZE];
        unsigned int sha1_length = 0;
        content_matches = embedded != NULL && *embedded != NULL &&
                          EVP_Digest(content, content_length, sha1, &sha1_length, EVP_sha1(), NULL) == 1 &&
                          octets_equal(*embedded, sha1, sha1_length);
        if (embedded != NULL && *embedded != NULL) {
            message = ASN1_STRING_get0_data(*embedded);
            message_length = (size_t) ASN1_STRING_length(*embedded);
        }
    }
    const ASN1_TYPE *message_digest = signed_value(si, NID_pkcs9_messageDigest);
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int digest_length = 0;
    if (md != NULL && message_digest != NULL && message_digest->type == V_ASN1_OCTET_STRING &&
        EVP_Digest(message, message_length, digest, &digest_length, md, NULL) == 1) {
        report->digest_matches = content_matches && octets_equal(message_digest->value.octet_string, digest, digest_length);
    }
    if (signer != NULL) {
        report->signer_found = 1;
        report->signature_valid = CMS_SignerInfo_verify(si) == 1;
        BIO *text = BIO_new(BIO_s_mem());
        if (text != NULL) {
            X509_NAME_print_ex(text, X509_get_subject_name(signer), 0, XN_FLAG_RFC2253);
            read_bio_text(text, report->subject, sizeof report->subject);
            BIO_free(text);
        }
    }
    const ASN1_TYPE *time = signed_value(si, NID_pkcs9_signingTime);
    struct tm parts;
    if (time != NULL && (time->type == V_ASN1_UTCTIME || time->type == V_ASN1_GENERALIZEDTIME) &&
        ASN1_TIME_to_tm(time->value.utctime, &parts) == 1) {
        strftime(report->signing_time, sizeof report->signing_time, "%Y-%m-%dT%H:%M:%SZ", &parts);
    }
    report->has_signing_certificate_v2 = CMS_signed_get_attr_by_NID(si, NID_id_smime_aa_signingCertificateV2, -1) >= 0;
    report->has_timestamp = CMS_unsigned_get_attr_by_NID(si, NID_id_smime_aa_timeStampToken, -1) >= 0;
    if (trust_pem != NULL && signer != NULL) {
        STACK_OF(X509) *certificates = CMS_get1_certs(cms);
        report->chain = check_chain(signer, certificates, trust_pem, trust_length, report);
        if (certificates != NULL) OPENSSL_sk_pop_free((OPENSSL_STACK *) certificates, free_certificate);
    }
    CMS_ContentInfo_free(cms);
    ERR_clear_error();
    return 1;
}

// MARK: - Signing

typedef struct encoded_attribute {
    unsigned char *bytes;
    int length;
} encoded_attribute;

/* DER orders a SET OF by its elements' encodings (X.690 11.6). */
static int compare_encodings(const void *left, const void *right) {
    const encoded_attribute *a = left, *b = right;
    int common = a->length < b->length ? a->length : b->length;
    int order = memcmp(a->bytes, b->bytes, (size_t) common);
    return order != 0 ? order : a->length - b->length;
}

/* Signs the signed attributes as the SET OF they are (RFC 5652 5.4) and stores the signature
   in the SignerInfo. OpenSSL's CMS_SignerInfo_sign would add a signingTime first, which a
   PAdES signature must not carry. */
static int sign_attributes(CMS_SignerInfo *si, EVP_PKEY *key) {
    int count = CMS_signed_get_attr_count(si);
    if (count <= 0) return 0;
    encoded_attribute *parts = calloc((size_t) count, sizeof *parts);
    if (parts == NULL) return 0;
    size_t total = 0;
    int ok = 1;
    for (int index = 0; index < count && ok; index++) {
        parts[index].length = i2d_X509_ATTRIBUTE(CMS_signed_get_attr(si, index), &parts[index].bytes);
        ok = parts[index].length > 0;
        if (ok) total += (size_t) parts[index].length;
    }
    unsigned char *set = ok ? malloc(total + 6) : NULL;
    size_t length = 0;
    if (set != NULL) {
        qsort(parts, (size_t) count, sizeof *parts, compare_encodings);
        set[length++] = 0x31;
        if (total < 0x80) {
            set[length++] = (unsigned char) total;
        } else {
            int octets = total > 0xFFFFFF ? 4 : total > 0xFFFF ? 3 : total > 0xFF ? 2 : 1;
            set[length++] = (unsigned char) (0x80 | octets);
            for (int shift = (octets - 1) * 8; shift >= 0; shift -= 8) set[length++] = (unsigned char) (total >> shift);
        }
        for (int index = 0; index < count; index++) {
            memcpy(set + length, parts[index].bytes, (size_t) parts[index].length);
            length += (size_t) parts[index].length;
        }
    }
    for (int index = 0; index < count; index++) CRYPTO_free(parts[index].bytes, __FILE__, __LINE__);
    free(parts);
    if (set == NULL) return 0;
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    unsigned char *signature = NULL;
    size_t signature_length = 0;
    ok = context != NULL && EVP_DigestSignInit(context, NULL, EVP_sha256(), NULL, key) == 1 &&
         EVP_DigestSign(context, NULL, &signature_length, set, length) == 1 &&
         (signature = malloc(signature_length)) != NULL &&
         EVP_DigestSign(context, signature, &signature_length, set, length) == 1 && signature_length <= INT_MAX &&
         ASN1_STRING_set(CMS_SignerInfo_get0_signature(si), signature, (int) signature_length) == 1;
    if (context != NULL) EVP_MD_CTX_free(context);
    free(signature);
    free(set);
    return ok;
}

int marginalia_open_pkcs12(const unsigned char *p12, size_t p12_length, const char *password, EVP_PKEY **key,
                       X509 **certificate, STACK_OF(X509) **chain, marginalia_cms_sign_result *failure) {
    *key = NULL;
    *certificate = NULL;
    *chain = NULL;
    const unsigned char *cursor = p12;
    PKCS12 *bundle = p12_length > LONG_MAX ? NULL : d2i_PKCS12(NULL, &cursor, (long) p12_length);
    if (bundle == NULL) {
        *failure = MARGINALIA_CMS_P12_UNREADABLE;
        return 0;
    }
    int opened = PKCS12_parse(bundle, password, key, certificate, chain);
    PKCS12_free(bundle);
    if (opened && *key != NULL && *certificate != NULL) return 1;
    *failure = opened ? MARGINALIA_CMS_P12_NO_KEY : MARGINALIA_CMS_P12_PASSWORD;
    if (*key != NULL) EVP_PKEY_free(*key);
    if (*certificate != NULL) X509_free(*certificate);
    if (*chain != NULL) OPENSSL_sk_pop_free((OPENSSL_STACK *) *chain, free_certificate);
    *key = NULL;
    *certificate = NULL;
    *chain = NULL;
    return 0;
}

int marginalia_pkcs12_common_name(const unsigned char *p12, size_t p12_length, const char *password, char *name,
                                  size_t capacity) {
    EVP_PKEY *key;
    X509 *certificate;
    STACK_OF(X509) *chain;
    marginalia_cms_sign_result failure;
    int found = 0;
    if (capacity > 0) name[0] = 0;
    if (marginalia_open_pkcs12(p12, p12_length, password, &key, &certificate, &chain, &failure)) {
        const X509_NAME *subject = X509_get_subject_name(certificate);
        int index = X509_NAME_get_index_by_NID(subject, NID_commonName, -1);
        unsigned char *text = NULL;
        if (index >= 0 && capacity > 0 &&
            ASN1_STRING_to_UTF8(&text, X509_NAME_ENTRY_get_data(X509_NAME_get_entry(subject, index))) >= 0 &&
            text != NULL) {
            copy_text(name, capacity, (const char *) text);
            found = 1;
        }
        if (text != NULL) CRYPTO_free(text, __FILE__, __LINE__);
        EVP_PKEY_free(key);
        X509_free(certificate);
        if (chain != NULL) OPENSSL_sk_pop_free((OPENSSL_STACK *) chain, free_certificate);
    }
    ERR_clear_error();
    return found;
}

marginalia_cms_sign_result marginalia_cms_sign(const unsigned char *p12, size_t p12_length, const char *password,
                                               const unsigned char *digest, unsigned char *out, size_t out_capacity,
                                               size_t *out_length) {
    *out_length = 0;
    EVP_PKEY *key;
    X509 *certificate;
    STACK_OF(X509) *chain;
    marginalia_cms_sign_result result = MARGINALIA_CMS_FAILED;
    if (!marginalia_open_pkcs12(p12, p12_length, password, &key, &certificate, &chain, &result)) {
        ERR_clear_error();
        return result;
    }
    const unsigned int flags = CMS_DETACHED | CMS_BINARY | CMS_PARTIAL | CMS_NOSMIMECAP;
    CMS_ContentInfo *cms = CMS_sign(NULL, NULL, NULL, NULL, flags);
    CMS_SignerInfo *si = cms == NULL ? NULL : CMS_add1_signer(cms, certificate, key, EVP_sha256(), flags | CMS_CADES);
    int ok = si != NULL;
    for (int index = 0; ok && chain != NULL && index < sk_X509_num(chain); index++) {
        ok = CMS_add1_cert(cms, sk_X509_value(chain, index)) == 1;
    }
    ok = ok &&
         CMS_signed_add1_attr_by_NID(si, NID_pkcs9_contentType, V_ASN1_OBJECT, OBJ_nid2obj(NID_pkcs7_data), -1) == 1 &&
         CMS_signed_add1_attr_by_NID(si, NID_pkcs9_messageDigest, V_ASN1_OCTET_STRING, digest, 32) == 1 &&
         sign_attributes(si, key);
    unsigned char *der = NULL;
    int length = ok ? i2d_CMS_ContentInfo(cms, &der) : -1;
    if (length > 0) {
        *out_length = (size_t) length;
        if ((size_t) length > out_capacity) {
            result = MARGINALIA_CMS_TOO_LARGE;
        } else {
            memcpy(out, der, (size_t) length);
            result = MARGINALIA_CMS_SIGNED;
        }
        CRYPTO_free(der, __FILE__, __LINE__);
    }
    if (cms != NULL) CMS_ContentInfo_free(cms);
    EVP_PKEY_free(key);
    X509_free(certificate);
    if (chain != NULL) OPENSSL_sk_pop_free((OPENSSL_STACK *) chain, free_certificate);
    ERR_clear_error();
    return result;
}
