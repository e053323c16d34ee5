// RFC 3161 signature time-stamps for PAdES baseline B-T (ETSI EN 319 142-1 5.3): the token a
// time-stamp authority returns is added to a signer as the unsigned attribute
// id-aa-timeStampToken (RFC 3161 Appendix A) over its signature value, and a token found in a
// signature is checked (its imprint, the authority's signature over it) and dated. The HTTP
// exchange with the authority is the caller's. Loaded on first use, as cms.c is.
#include "CCrypto.h"
#include "CLazyLibrary.h"
#include <limits.h>
#include <string.h>
#include <time.h>
#include <openssl/cms.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/ts.h>
#include <openssl/x509.h>

static marginalia_library ts_crypto = MARGINALIA_LIBRARY("libssl3", "libcrypto.so.3", "libcrypto.so");

MARGINALIA_FORWARD(ts_crypto, int, CMS_unsigned_add1_attr_by_NID,
                   (CMS_SignerInfo *si, int nid, int type, const void *bytes, int len), (si, nid, type, bytes, len))
MARGINALIA_FORWARD(ts_crypto, X509_ATTRIBUTE *, CMS_unsigned_get_attr, (const CMS_SignerInfo *si, int loc), (si, loc))
MARGINALIA_FORWARD(ts_crypto, int, CMS_verify,
                   (CMS_ContentInfo *cms, STACK_OF(X509) *certs, X509_STORE *store, BIO *dcont, BIO *out, unsigned int flags),
                   (cms, certs, store, dcont, out, flags))
MARGINALIA_FORWARD(ts_crypto, TS_TST_INFO *, d2i_TS_TST_INFO, (TS_TST_INFO **a, const unsigned char **in, long length),
                   (a, in, length))
MARGINALIA_FORWARD_VOID(ts_crypto, TS_TST_INFO_free, (TS_TST_INFO *a), (a))
MARGINALIA_FORWARD(ts_crypto, TS_MSG_IMPRINT *, TS_TST_INFO_get_msg_imprint, (TS_TST_INFO *a), (a))
MARGINALIA_FORWARD(ts_crypto, X509_ALGOR *, TS_MSG_IMPRINT_get_algo, (TS_MSG_IMPRINT *a), (a))
MARGINALIA_FORWARD(ts_crypto, ASN1_OCTET_STRING *, TS_MSG_IMPRINT_get_msg, (TS_MSG_IMPRINT *a), (a))
MARGINALIA_FORWARD(ts_crypto, const ASN1_GENERALIZEDTIME *, TS_TST_INFO_get_time, (const TS_TST_INFO *a), (a))

/* The first signer of a CMS SignedData, or NULL. */
static CMS_SignerInfo *first_signer(CMS_ContentInfo *cms) {
    STACK_OF(CMS_SignerInfo) *signers = NULL;
    if (cms == NULL || OBJ_obj2nid(CMS_get0_type(cms)) != NID_pkcs7_signed ||
        (signers = CMS_get0_SignerInfos(cms)) == NULL || sk_CMS_SignerInfo_num(signers) < 1) {
        return NULL;
    }
    return sk_CMS_SignerInfo_value(signers, 0);
}

static CMS_ContentInfo *read_cms(const unsigned char *der, size_t der_length) {
    if (der_length > LONG_MAX) return NULL;
    const unsigned char *cursor = der;
    return d2i_CMS_ContentInfo(NULL, &cursor, (long) der_length);
}

int marginalia_cms_signature_value(const unsigned char *der, size_t der_length, unsigned char *out, size_t capacity,
                                   size_t *out_length) {
    *out_length = 0;
    CMS_ContentInfo *cms = read_cms(der, der_length);
    CMS_SignerInfo *si = first_signer(cms);
    ASN1_OCTET_STRING *value = si == NULL ? NULL : CMS_SignerInfo_get0_signature(si);
    int found = 0;
    if (value != NULL) {
        *out_length = (size_t) ASN1_STRING_length(value);
        found = *out_length <= capacity ? 1 : -1;
        if (found == 1) memcpy(out, ASN1_STRING_get0_data(value), *out_length);
    }
    if (cms != NULL) CMS_ContentInfo_free(cms);
    ERR_clear_error();
    return found;
}

marginalia_cms_sign_result marginalia_cms_add_timestamp(const unsigned char *der, size_t der_length,
                                                        const unsigned char *token, size_t token_length,
                                                        unsigned char *out, size_t capacity, size_t *out_length) {
    *out_length = 0;
    marginalia_cms_sign_result result = MARGINALIA_CMS_FAILED;
    CMS_ContentInfo *cms = read_cms(der, der_length);
    CMS_SignerInfo *si = first_signer(cms);
    // The attribute's value is the token itself, a ContentInfo: a SEQUENCE given as its DER.
    if (si != NULL && token_length <= INT_MAX &&
        CMS_unsigned_add1_attr_by_NID(si, NID_id_smime_aa_timeStampToken, V_ASN1_SEQUENCE, token, (int) token_length) == 1) {
        unsigned char *encoded = NULL;
        int length = i2d_CMS_ContentInfo(cms, &encoded);
        if (length > 0) {
            *out_length = (size_t) length;
            if ((size_t) length > capacity) {
                result = MARGINALIA_CMS_TOO_LARGE;
            } else {
                memcpy(out, encoded, (size_t) length);
                result = MARGINALIA_CMS_SIGNED;
            }
            CRYPTO_free(encoded, __FILE__, __LINE__);
        }
    }
    if (cms != NULL) CMS_ContentInfo_free(cms);
    ERR_clear_error();
    return result;
}

int marginalia_timestamp_check(const unsigned char *token, size_t token_length, const unsigned char *stamped,
                               size_t stamped_length, marginalia_timestamp_report *report) {
    memset(report, 0, sizeof *report);
    CMS_ContentInfo *cms = read_cms(token, token_length);
    ASN1_OCTET_STRING **content = first_signer(cms) == NULL ? NULL : CMS_get0_content(cms);
    TS_TST_INFO *info = NULL;
    if (content != NULL && *content != NULL) {
        const unsigned char *cursor = ASN1_STRING_get0_data(*content);
        info = d2i_TS_TST_INFO(NULL, &cursor, ASN1_STRING_length(*content));
    }
    if (info != NULL) {
        report->parsed = 1;
        // The authority's signature over the TSTInfo, with the certificate the token carries
        // (whether that certificate is trusted is the validator's question, as for the signer).
        report->signature_valid = CMS_verify(cms, NULL, NULL, NULL, NULL, CMS_NO_SIGNER_CERT_VERIFY) == 1;
        TS_MSG_IMPRINT *imprint = TS_TST_INFO_get_msg_imprint(info);
        const ASN1_OBJECT *algorithm = NULL;
        X509_ALGOR_get0(&algorithm, NULL, NULL, TS_MSG_IMPRINT_get_algo(imprint));
        const EVP_MD *md = algorithm == NULL ? NULL : EVP_get_digestbyname(OBJ_nid2sn(OBJ_obj2nid(algorithm)));
        unsigned char digest[EVP_MAX_MD_SIZE];
        unsigned int digest_length = 0;
        const ASN1_OCTET_STRING *message = TS_MSG_IMPRINT_get_msg(imprint);
        report->imprint_matches = md != NULL && EVP_Digest(stamped, stamped_length, digest, &digest_length, md, NULL) == 1 &&
                                  message != NULL && (unsigned int) ASN1_STRING_length(message) == digest_length &&
                                  memcmp(ASN1_STRING_get0_data(message), digest, digest_length) == 0;
        struct tm parts;
        const ASN1_GENERALIZEDTIME *time = TS_TST_INFO_get_time(info);
        if (time != NULL && ASN1_TIME_to_tm(time, &parts) == 1) {
            strftime(report->time, sizeof report->time, "%Y-%m-%dT%H:%M:%SZ", &parts);
        }
        TS_TST_INFO_free(info);
    }
    if (cms != NULL) CMS_ContentInfo_free(cms);
    ERR_clear_error();
    return report->parsed;
}

int marginalia_cms_timestamp(const unsigned char *der, size_t der_length, marginalia_timestamp_report *report) {
    memset(report, 0, sizeof *report);
    CMS_ContentInfo *cms = read_cms(der, der_length);
    CMS_SignerInfo *si = first_signer(cms);
    int index = si == NULL ? -1 : CMS_unsigned_get_attr_by_NID(si, NID_id_smime_aa_timeStampToken, -1);
    X509_ATTRIBUTE *attribute = index < 0 ? NULL : CMS_unsigned_get_attr(si, index);
    ASN1_TYPE *value = attribute == NULL ? NULL : X509_ATTRIBUTE_get0_type(attribute, 0);
    ASN1_OCTET_STRING *signature = si == NULL ? NULL : CMS_SignerInfo_get0_signature(si);
    if (value != NULL && value->type == V_ASN1_SEQUENCE && signature != NULL) {
        marginalia_timestamp_check(ASN1_STRING_get0_data(value->value.sequence),
                                   (size_t) ASN1_STRING_length(value->value.sequence),
                                   ASN1_STRING_get0_data(signature), (size_t) ASN1_STRING_length(signature), report);
    }
    if (cms != NULL) CMS_ContentInfo_free(cms);
    ERR_clear_error();
    return report->parsed;
}
