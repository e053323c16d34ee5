// TIFF images (libtiff, Debian: libtiff-dev), loaded on the first TIFF decoded (tiff.c;
// CLazyLibrary.h says why).
#ifndef MARGINALIA_CTIFF_H
#define MARGINALIA_CTIFF_H

#include "marginalia_image.h"

/// Whether libtiff can be loaded (1) or not (0, after saying why on stderr).
int mg_tiff_available(void);

/// The number of pages (image file directories) of a TIFF in `*count`.
mg_image_status mg_tiff_page_count(const unsigned char *data, size_t size, int *count, mg_image *failure);

/// Decodes page `page` (from 0) of a TIFF into `image` through libtiff's RGBA interface,
/// which reads every photometric interpretation, bit depth and compression libtiff knows:
/// gray when the page is gray, else RGB, with alpha when it has an alpha sample. The rows
/// are in the order stored; `image->orientation` is the page's Orientation tag, not applied.
/// Sizes past `max_pixels` are refused before any pixel memory is allocated.
mg_image_status mg_tiff_decode(const unsigned char *data, size_t size, int page, long max_pixels, mg_image *image);

#endif
