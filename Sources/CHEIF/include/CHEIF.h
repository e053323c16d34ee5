// HEIC and HEIF images (libheif, Debian: libheif-dev; HEVC through libde265), loaded on the
// first HEIF decoded (heif.c; CLazyLibrary.h says why).
#ifndef MARGINALIA_CHEIF_H
#define MARGINALIA_CHEIF_H

#include "marginalia_image.h"

/// Whether libheif can be loaded (1) or not (0, after saying why on stderr).
int mg_heif_available(void);

/// Decodes the primary image of a HEIF file (an iPhone's HEIC photo, say) into `image`:
/// RGBA when it has an alpha plane, else RGB. libheif applies the file's own rotation,
/// mirroring and crop (`irot`, `imir`, `clap`), which is where HEIF keeps orientation;
/// `image->orientation` stays 1. Sizes past `max_pixels` are refused before decoding.
mg_image_status mg_heif_decode(const unsigned char *data, size_t size, long max_pixels, mg_image *image);

#endif
