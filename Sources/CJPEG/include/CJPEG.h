#ifndef MARGINALIA_CJPEG_H
#define MARGINALIA_CJPEG_H

#include <stddef.h>

/// Decodes a baseline or progressive JPEG (libjpeg, Debian: libjpeg-dev) into 8-bit samples,
/// row by row from the top: 1 (gray), 3 (RGB) or 4 (CMYK, as stored) components per pixel.
/// libjpeg reports errors by longjmp, which Swift cannot catch; this shim catches them.
///
/// Returns 0 and sets *pixels (free it with mg_jpeg_free), *width, *height and *components on
/// success; returns -1 and writes a message into `message` on failure (damaged data, or more
/// than `max_pixels` pixels, checked before any pixel memory is allocated).
int mg_jpeg_decode(const unsigned char *data, size_t size, long max_pixels,
                   unsigned char **pixels, int *width, int *height, int *components,
                   char *message, size_t message_size);

/// Whether libjpeg can be loaded (1) or not (0, after saying why on stderr): the callers
/// that can report a missing library ask first.
int mg_jpeg_available(void);

/// Frees samples returned by mg_jpeg_decode.
void mg_jpeg_free(unsigned char *pixels);

#endif
