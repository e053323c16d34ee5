// The Unicode Bidirectional Algorithm (UAX #9) with GNU FriBidi (Debian: libfribidi-dev),
// loaded on the first paragraph resolved (fribidi.c; CLazyLibrary.h says why).
#ifndef MARGINALIA_CFRIBIDI_H
#define MARGINALIA_CFRIBIDI_H

#include <stdint.h>

/// Whether libfribidi can be loaded (1) or not (0, after saying why on stderr).
int mg_fribidi_available(void);

/// Resolves the embedding level of each character of one paragraph (UTF-32, `length`
/// characters) into `levels` (`length` entries; odd levels run right to left), rules P2 to
/// I2 with brackets paired (N0). `direction` is the paragraph's: 0 from its first strong
/// character (left to right when it has none), 1 left to right, 2 right to left. Returns the
/// paragraph's level (0 or 1), or -1 when FriBidi is missing or fails.
int mg_fribidi_levels(const uint32_t *text, int length, int direction, uint8_t *levels);

#endif
