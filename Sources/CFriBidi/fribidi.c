// The FriBidi functions the bidi resolution calls, loaded on first use (CLazyLibrary.h says
// why), and the resolution of one paragraph.
#include "CFriBidi.h"

#include <stdlib.h>
#include <fribidi/fribidi.h>

#include "CLazyLibrary.h"

static marginalia_library fribidi = MARGINALIA_LIBRARY("libfribidi0", "libfribidi.so.0", "libfribidi.so");

MARGINALIA_FORWARD_VOID(fribidi, fribidi_get_bidi_types,
                        (const FriBidiChar *str, const FriBidiStrIndex len, FriBidiCharType *btypes), (str, len, btypes))
MARGINALIA_FORWARD_VOID(fribidi, fribidi_get_bracket_types,
                        (const FriBidiChar *str, const FriBidiStrIndex len, const FriBidiCharType *types,
                         FriBidiBracketType *btypes),
                        (str, len, types, btypes))
MARGINALIA_FORWARD(fribidi, FriBidiLevel, fribidi_get_par_embedding_levels_ex,
                   (const FriBidiCharType *bidi_types, const FriBidiBracketType *bracket_types, const FriBidiStrIndex len,
                    FriBidiParType *pbase_dir, FriBidiLevel *embedding_levels),
                   (bidi_types, bracket_types, len, pbase_dir, embedding_levels))

int mg_fribidi_available(void) {
    return marginalia_library_symbol(&fribidi, "fribidi_get_par_embedding_levels_ex") != NULL;
}

int mg_fribidi_levels(const uint32_t *text, int length, int direction, uint8_t *levels) {
    if (!mg_fribidi_available() || length < 0) return -1;
    if (length == 0) return direction == 2 ? 1 : 0;
    FriBidiCharType *types = malloc(sizeof *types * (size_t)length);
    FriBidiBracketType *brackets = malloc(sizeof *brackets * (size_t)length);
    FriBidiLevel *resolved = malloc(sizeof *resolved * (size_t)length);
    int result = -1;
    if (types != NULL && brackets != NULL && resolved != NULL) {
        fribidi_get_bidi_types(text, length, types);
        fribidi_get_bracket_types(text, length, types, brackets);
        FriBidiParType base = direction == 1 ? FRIBIDI_PAR_LTR : direction == 2 ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_ON;
        // Answers the highest level plus one, or 0 when it fails (out of memory).
        if (fribidi_get_par_embedding_levels_ex(types, brackets, length, &base, resolved) > 0) {
            for (int i = 0; i < length; i++) levels[i] = (uint8_t)resolved[i];
            result = FRIBIDI_IS_RTL(base) ? 1 : 0;
        }
    }
    free(types);
    free(brackets);
    free(resolved);
    return result;
}
