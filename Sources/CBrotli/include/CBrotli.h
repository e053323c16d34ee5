// Brotli's decoder (Debian: libbrotli-dev) for /BrotliDecode streams, the compression ISO is
// adding to PDF. Loaded on the first call (brotli.c): only files that use it need it.
#include <brotli/decode.h>

/// Whether the decoder library can be loaded (1) or not (0, after saying why on stderr):
/// a missing library fails the stream, not the program.
int marginalia_brotli_available(void);
