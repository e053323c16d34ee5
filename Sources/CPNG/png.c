// The libpng functions the PNG reader and writer call, loaded when a PNG is first read or written
// (CLazyLibrary.h says why).
#include "CPNG.h"
#include "CLazyLibrary.h"

static marginalia_library png = MARGINALIA_LIBRARY("libpng16-16", "libpng16.so.16", "libpng16.so");

MARGINALIA_FORWARD(png, int, png_image_begin_read_from_memory, (png_imagep image, png_const_voidp memory, size_t size),
                   (image, memory, size))
MARGINALIA_FORWARD(png, int, png_image_finish_read,
                   (png_imagep image, png_const_colorp background, void *buffer, png_int_32 row_stride, void *colormap),
                   (image, background, buffer, row_stride, colormap))
MARGINALIA_FORWARD_VOID(png, png_image_free, (png_imagep image), (image))
MARGINALIA_FORWARD(png, int, png_image_write_to_memory,
                   (png_imagep image, void *memory, png_alloc_size_t *memory_bytes, int convert_to_8_bit,
                    const void *buffer, png_int_32 row_stride, const void *colormap),
                   (image, memory, memory_bytes, convert_to_8_bit, buffer, row_stride, colormap))
