// WebP images (libwebp, Debian: libwebp-dev), loaded on the first WebP decoded (webp.c;
// CLazyLibrary.h says why).
#ifndef MARGINALIA_CWEBP_H
#define MARGINALIA_CWEBP_H

#include "marginalia_image.h"

/// Whether libwebp can be loaded (1) or not (0, after saying why on stderr).
int mg_webp_available(void);

/// Decodes a still WebP (lossy or lossless, with or without alpha) into `image`: RGBA when
/// the file has alpha, else RGB. Sizes past `max_pixels` are refused before any pixel memory
/// is allocated; animated files are refused (MG_IMAGE_UNSUPPORTED).
mg_image_status mg_webp_decode(const unsigned char *data, size_t size, long max_pixels, mg_image *image);

#endif
