// GIF images (giflib, Debian: libgif-dev), loaded on the first GIF decoded (gif.c;
// CLazyLibrary.h says why).
#ifndef MARGINALIA_CGIF_H
#define MARGINALIA_CGIF_H

#include "marginalia_image.h"

/// Whether giflib can be loaded (1) or not (0, after saying why on stderr).
int mg_gif_available(void);

/// Decodes the first frame of a GIF into `image`, drawn on the logical screen as a browser
/// shows it before any animation: pixels the frame leaves out and its transparent colour are
/// transparent (RGBA), else RGB. Sizes past `max_pixels` are refused before any pixel memory
/// is allocated.
mg_image_status mg_gif_decode(const unsigned char *data, size_t size, long max_pixels, mg_image *image);

#endif
