// The libjpeg functions jpeg_shim.c calls, loaded when a JPEG is first decoded
// (CLazyLibrary.h says why).
#include <stdio.h>
#include <jpeglib.h>

#include "CLazyLibrary.h"

static marginalia_library jpeg = MARGINALIA_LIBRARY("libjpeg62-turbo", "libjpeg.so.62", "libjpeg.so");

MARGINALIA_FORWARD(jpeg, struct jpeg_error_mgr *, jpeg_std_error, (struct jpeg_error_mgr *err), (err))
MARGINALIA_FORWARD_VOID(jpeg, jpeg_CreateDecompress, (j_decompress_ptr cinfo, int version, size_t structsize),
                        (cinfo, version, structsize))
MARGINALIA_FORWARD_VOID(jpeg, jpeg_destroy_decompress, (j_decompress_ptr cinfo), (cinfo))
MARGINALIA_FORWARD_VOID(jpeg, jpeg_mem_src, (j_decompress_ptr cinfo, const unsigned char *inbuffer, unsigned long insize),
                        (cinfo, inbuffer, insize))
MARGINALIA_FORWARD(jpeg, int, jpeg_read_header, (j_decompress_ptr cinfo, boolean require_image), (cinfo, require_image))
MARGINALIA_FORWARD(jpeg, boolean, jpeg_start_decompress, (j_decompress_ptr cinfo), (cinfo))
MARGINALIA_FORWARD(jpeg, JDIMENSION, jpeg_read_scanlines, (j_decompress_ptr cinfo, JSAMPARRAY scanlines, JDIMENSION max_lines),
                   (cinfo, scanlines, max_lines))
MARGINALIA_FORWARD(jpeg, boolean, jpeg_finish_decompress, (j_decompress_ptr cinfo), (cinfo))

int mg_jpeg_available(void) { return marginalia_library_symbol(&jpeg, "jpeg_read_header") != NULL; }
