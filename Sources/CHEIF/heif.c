// The libheif functions the HEIF decoder calls, loaded on first use (CLazyLibrary.h says why),
// and the decoder.
#include "CHEIF.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libheif/heif.h>

#include "CLazyLibrary.h"

static marginalia_library heif = MARGINALIA_LIBRARY("libheif1", "libheif.so.1", "libheif.so");

MARGINALIA_FORWARD(heif, struct heif_error, heif_init, (struct heif_init_params *parameters), (parameters))
MARGINALIA_FORWARD(heif, struct heif_context *, heif_context_alloc, (void), ())
MARGINALIA_FORWARD_VOID(heif, heif_context_free, (struct heif_context *context), (context))
MARGINALIA_FORWARD(heif, struct heif_error, heif_context_read_from_memory_without_copy,
                   (struct heif_context *context, const void *data, size_t size, const struct heif_reading_options *options),
                   (context, data, size, options))
MARGINALIA_FORWARD(heif, struct heif_error, heif_context_get_primary_image_handle,
                   (struct heif_context *context, struct heif_image_handle **handle), (context, handle))
MARGINALIA_FORWARD_VOID(heif, heif_image_handle_release, (const struct heif_image_handle *handle), (handle))
MARGINALIA_FORWARD(heif, int, heif_image_handle_get_width, (const struct heif_image_handle *handle), (handle))
MARGINALIA_FORWARD(heif, int, heif_image_handle_get_height, (const struct heif_image_handle *handle), (handle))
MARGINALIA_FORWARD(heif, int, heif_image_handle_has_alpha_channel, (const struct heif_image_handle *handle), (handle))
MARGINALIA_FORWARD(heif, struct heif_error, heif_decode_image,
                   (const struct heif_image_handle *handle, struct heif_image **image, enum heif_colorspace colorspace,
                    enum heif_chroma chroma, const struct heif_decoding_options *options),
                   (handle, image, colorspace, chroma, options))
MARGINALIA_FORWARD(heif, int, heif_image_get_width, (const struct heif_image *image, enum heif_channel channel),
                   (image, channel))
MARGINALIA_FORWARD(heif, int, heif_image_get_height, (const struct heif_image *image, enum heif_channel channel),
                   (image, channel))
MARGINALIA_FORWARD(heif, const uint8_t *, heif_image_get_plane_readonly,
                   (const struct heif_image *image, enum heif_channel channel, int *stride), (image, channel, stride))
MARGINALIA_FORWARD_VOID(heif, heif_image_release, (const struct heif_image *image), (image))
MARGINALIA_FORWARD_VOID(heif, heif_context_set_maximum_image_size_limit, (struct heif_context *context, int maximum_width),
                        (context, maximum_width))

int mg_heif_available(void) { return marginalia_library_symbol(&heif, "heif_decode_image") != NULL; }

static void initialise(void) { heif_init(NULL); }

static mg_image_status failed(mg_image *image, const char *what, struct heif_error error) {
    snprintf(image->message, sizeof image->message, "%s (%s", what, error.message ? error.message : "no reason given");
    // libheif's messages may end in a line break; the message is one line.
    size_t end = strlen(image->message);
    while (end > 0 && (image->message[end - 1] == '\n' || image->message[end - 1] == ' ')) image->message[--end] = 0;
    snprintf(image->message + end, sizeof image->message - end, ")");
    // libheif says "Unsupported feature" for codecs it has no decoder for (AV1 in an AVIF, say).
    return error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype
               ? MG_IMAGE_UNSUPPORTED : MG_IMAGE_DAMAGED;
}

mg_image_status mg_heif_decode(const unsigned char *data, size_t size, long max_pixels, mg_image *image) {
    memset(image, 0, sizeof *image);
    image->orientation = 1;
    if (!mg_heif_available()) return MG_IMAGE_LIBRARY_MISSING;
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, initialise);
    struct heif_context *context = heif_context_alloc();
    if (context == NULL) {
        snprintf(image->message, sizeof image->message, "out of memory for the HEIF image");
        return MG_IMAGE_DAMAGED;
    }
    mg_image_status status = MG_IMAGE_OK;
    struct heif_image_handle *handle = NULL;
    struct heif_image *decoded = NULL;
    struct heif_error error = heif_context_read_from_memory_without_copy(context, data, size, NULL);
    if (error.code != heif_error_Ok) {
        status = failed(image, "invalid HEIF data", error);
        goto done;
    }
    error = heif_context_get_primary_image_handle(context, &handle);
    if (error.code != heif_error_Ok) {
        status = failed(image, "the HEIF file has no primary image", error);
        goto done;
    }
    image->width = heif_image_handle_get_width(handle);
    image->height = heif_image_handle_get_height(handle);
    if (image->width <= 0 || image->height <= 0) {
        snprintf(image->message, sizeof image->message, "the HEIF image has no pixels");
        status = MG_IMAGE_DAMAGED;
        goto done;
    }
    if ((long)image->width * (long)image->height > max_pixels) {
        status = MG_IMAGE_TOO_LARGE;
        goto done;
    }
    // The coded image may claim more pixels than the file's `ispe` says (a damaged or hostile
    // file): libheif then refuses any plane as wide or tall as this, which leaves room for the
    // coder's padding to whole 64-pixel blocks (HEVC's largest coding tree unit).
    int side = image->width > image->height ? image->width : image->height;
    heif_context_set_maximum_image_size_limit(context, (side / 64 + 2) * 64);
    int alpha = heif_image_handle_has_alpha_channel(handle);
    int channels = alpha ? 4 : 3;
    error = heif_decode_image(handle, &decoded, heif_colorspace_RGB,
                              alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, NULL);
    if (error.code != heif_error_Ok) {
        status = failed(image, "the HEIF image cannot be decoded", error);
        goto done;
    }
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride);
    // The decoded size is the one after rotation and crop, which may differ from the handle's.
    int width = heif_image_get_width(decoded, heif_channel_interleaved);
    int height = heif_image_get_height(decoded, heif_channel_interleaved);
    if (plane == NULL || width <= 0 || height <= 0 || stride < width * channels) {
        snprintf(image->message, sizeof image->message, "the HEIF image decoded to no pixels");
        status = MG_IMAGE_DAMAGED;
        goto done;
    }
    if ((long)width * (long)height > max_pixels) {
        image->width = width, image->height = height;
        status = MG_IMAGE_TOO_LARGE;
        goto done;
    }
    size_t row = (size_t)width * (size_t)channels;
    image->pixels = malloc(row * (size_t)height);
    if (image->pixels == NULL) {
        snprintf(image->message, sizeof image->message, "out of memory for the HEIF image");
        status = MG_IMAGE_DAMAGED;
        goto done;
    }
    for (int y = 0; y < height; y++) memcpy(image->pixels + row * (size_t)y, plane + (size_t)stride * (size_t)y, row);
    image->width = width;
    image->height = height;
    image->channels = channels;
done:
    if (decoded) heif_image_release(decoded);
    if (handle) heif_image_handle_release(handle);
    heif_context_free(context);
    return status;
}
