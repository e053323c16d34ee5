// The libwebp functions the WebP decoder calls, loaded on first use (CLazyLibrary.h says why),
// and the decoder itself.
#include "CWebP.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>

#include "CLazyLibrary.h"

static marginalia_library webp = MARGINALIA_LIBRARY("libwebp7", "libwebp.so.7", "libwebp.so");

// WebPGetFeatures is an inline function of decode.h that calls this one.
MARGINALIA_FORWARD(webp, VP8StatusCode, WebPGetFeaturesInternal,
                   (const uint8_t *data, size_t size, WebPBitstreamFeatures *features, int version),
                   (data, size, features, version))
MARGINALIA_FORWARD(webp, uint8_t *, WebPDecodeRGBAInto,
                   (const uint8_t *data, size_t size, uint8_t *output, size_t output_size, int stride),
                   (data, size, output, output_size, stride))
MARGINALIA_FORWARD(webp, uint8_t *, WebPDecodeRGBInto,
                   (const uint8_t *data, size_t size, uint8_t *output, size_t output_size, int stride),
                   (data, size, output, output_size, stride))

int mg_webp_available(void) { return marginalia_library_symbol(&webp, "WebPGetFeaturesInternal") != NULL; }

mg_image_status mg_webp_decode(const unsigned char *data, size_t size, long max_pixels, mg_image *image) {
    memset(image, 0, sizeof *image);
    image->orientation = 1;
    if (!mg_webp_available()) return MG_IMAGE_LIBRARY_MISSING;
    WebPBitstreamFeatures features;
    VP8StatusCode status = WebPGetFeatures(data, size, &features);
    if (status != VP8_STATUS_OK) {
        snprintf(image->message, sizeof image->message, "invalid WebP data (libwebp status %d)", (int)status);
        return MG_IMAGE_DAMAGED;
    }
    if (features.has_animation) {
        snprintf(image->message, sizeof image->message, "animated WebP");
        return MG_IMAGE_UNSUPPORTED;
    }
    image->width = features.width;
    image->height = features.height;
    if (features.width <= 0 || features.height <= 0) {
        snprintf(image->message, sizeof image->message, "the WebP image has no pixels");
        return MG_IMAGE_DAMAGED;
    }
    if ((long)features.width * (long)features.height > max_pixels) return MG_IMAGE_TOO_LARGE;
    int channels = features.has_alpha ? 4 : 3;
    size_t stride = (size_t)features.width * (size_t)channels;
    size_t total = stride * (size_t)features.height;
    unsigned char *pixels = malloc(total);
    if (pixels == NULL) {
        snprintf(image->message, sizeof image->message, "out of memory for the WebP image");
        return MG_IMAGE_DAMAGED;
    }
    uint8_t *done = features.has_alpha ? WebPDecodeRGBAInto(data, size, pixels, total, (int)stride)
                                       : WebPDecodeRGBInto(data, size, pixels, total, (int)stride);
    if (done == NULL) {
        free(pixels);
        snprintf(image->message, sizeof image->message, "the WebP data could not be decoded (damaged or cut short)");
        return MG_IMAGE_DAMAGED;
    }
    image->pixels = pixels;
    image->channels = channels;
    return MG_IMAGE_OK;
}
