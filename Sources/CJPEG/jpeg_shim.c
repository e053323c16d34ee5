#include "CJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct mg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    size_t message_size;
};

static void mg_error_exit(j_common_ptr info) {
    struct mg_error *error = (struct mg_error *)info->err;
    if (error->message && error->message_size > 0) {
        char text[JMSG_LENGTH_MAX];
        (*info->err->format_message)(info, text);
        snprintf(error->message, error->message_size, "%s", text);
    }
    longjmp(error->jump, 1);
}

static void mg_silent(j_common_ptr info) { (void)info; }

int mg_jpeg_decode(const unsigned char *data, size_t size, long max_pixels,
                   unsigned char **pixels, int *width, int *height, int *components,
                   char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct mg_error error;
    unsigned char *volatile buffer = NULL;
    *pixels = NULL;
    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = mg_error_exit;
    error.base.output_message = mg_silent;
    error.message = message;
    error.message_size = message_size;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        free(buffer);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, (unsigned char *)data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        info.out_color_space = JCS_CMYK;
    } else if (info.num_components == 1) {
        info.out_color_space = JCS_GRAYSCALE;
    } else {
        info.out_color_space = JCS_RGB;
    }
    if ((long)info.image_width * (long)info.image_height > max_pixels) {
        snprintf(message, message_size, "a JPEG of %u x %u pixels is larger than allowed",
                 info.image_width, info.image_height);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * (size_t)info.output_components;
    buffer = malloc(stride * info.output_height);
    if (!buffer) {
        snprintf(message, message_size, "out of memory");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = buffer + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    *components = info.output_components;
    *pixels = buffer;
    jpeg_destroy_decompress(&info);
    return 0;
}

void mg_jpeg_free(unsigned char *pixels) { free(pixels); }
