// The Brotli decoder functions BrotliFilter calls, loaded when a /BrotliDecode stream is
// first decoded (CLazyLibrary.h says why).
#include "CBrotli.h"
#include "CLazyLibrary.h"

static marginalia_library brotli = MARGINALIA_LIBRARY("libbrotli1", "libbrotlidec.so.1", "libbrotlidec.so");

MARGINALIA_FORWARD(brotli, BrotliDecoderState *, BrotliDecoderCreateInstance,
                   (brotli_alloc_func alloc, brotli_free_func release, void *opaque), (alloc, release, opaque))
MARGINALIA_FORWARD_VOID(brotli, BrotliDecoderDestroyInstance, (BrotliDecoderState *state), (state))
MARGINALIA_FORWARD(brotli, BrotliDecoderResult, BrotliDecoderDecompressStream,
                   (BrotliDecoderState *state, size_t *availableIn, const uint8_t **nextIn, size_t *availableOut,
                    uint8_t **nextOut, size_t *totalOut),
                   (state, availableIn, nextIn, availableOut, nextOut, totalOut))
MARGINALIA_FORWARD(brotli, BrotliDecoderErrorCode, BrotliDecoderGetErrorCode, (const BrotliDecoderState *state), (state))
MARGINALIA_FORWARD(brotli, const char *, BrotliDecoderErrorString, (BrotliDecoderErrorCode code), (code))

int marginalia_brotli_available(void) {
    return marginalia_library_symbol(&brotli, "BrotliDecoderDecompressStream") != NULL;
}
