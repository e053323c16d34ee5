// The libtiff functions the TIFF decoder calls, loaded on first use (CLazyLibrary.h says why),
// and the decoder, reading from memory through libtiff's client procedures.
#include "CTIFF.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

#include "CLazyLibrary.h"

static marginalia_library tiff = MARGINALIA_LIBRARY("libtiff6", "libtiff.so.6", "libtiff.so");

MARGINALIA_FORWARD(tiff, TIFF *, TIFFClientOpen,
                   (const char *name, const char *mode, thandle_t handle, TIFFReadWriteProc read,
                    TIFFReadWriteProc write, TIFFSeekProc seek, TIFFCloseProc close, TIFFSizeProc size,
                    TIFFMapFileProc map, TIFFUnmapFileProc unmap),
                   (name, mode, handle, read, write, seek, close, size, map, unmap))
MARGINALIA_FORWARD_VOID(tiff, TIFFClose, (TIFF *file), (file))
MARGINALIA_FORWARD(tiff, int, TIFFVGetFieldDefaulted, (TIFF *file, uint32_t tag, va_list arguments),
                   (file, tag, arguments))
MARGINALIA_FORWARD(tiff, tdir_t, TIFFNumberOfDirectories, (TIFF *file), (file))
MARGINALIA_FORWARD(tiff, int, TIFFSetDirectory, (TIFF *file, tdir_t directory), (file, directory))
MARGINALIA_FORWARD(tiff, int, TIFFReadRGBAImageOriented,
                   (TIFF *file, uint32_t width, uint32_t height, uint32_t *raster, int orientation, int stop),
                   (file, width, height, raster, orientation, stop))
MARGINALIA_FORWARD(tiff, TIFFErrorHandler, TIFFSetErrorHandler, (TIFFErrorHandler handler), (handler))
MARGINALIA_FORWARD(tiff, TIFFErrorHandler, TIFFSetWarningHandler, (TIFFErrorHandler handler), (handler))

int mg_tiff_available(void) { return marginalia_library_symbol(&tiff, "TIFFClientOpen") != NULL; }

// libtiff reports errors through a process-wide handler; the decode in progress on this thread
// keeps the first message, and warnings are dropped (libtiff would print both on stderr).
static _Thread_local mg_image *current;

static void keep_error(const char *module, const char *format, va_list arguments) {
    (void)module;
    if (current != NULL && current->message[0] == 0) {
        vsnprintf(current->message, sizeof current->message, format, arguments);
    }
}

static void install_handlers(void) {
    TIFFSetErrorHandler(keep_error);
    TIFFSetWarningHandler(NULL);
}

struct reader {
    const unsigned char *data;
    size_t size;
    size_t position;
};

static tmsize_t read_bytes(thandle_t handle, void *into, tmsize_t wanted) {
    struct reader *reader = handle;
    size_t left = reader->position < reader->size ? reader->size - reader->position : 0;
    size_t count = (size_t)wanted < left ? (size_t)wanted : left;
    memcpy(into, reader->data + reader->position, count);
    reader->position += count;
    return (tmsize_t)count;
}

static tmsize_t write_bytes(thandle_t handle, void *from, tmsize_t count) {
    (void)handle, (void)from, (void)count;
    return -1;
}

static toff_t seek(thandle_t handle, toff_t offset, int whence) {
    struct reader *reader = handle;
    size_t base = whence == SEEK_CUR ? reader->position : whence == SEEK_END ? reader->size : 0;
    reader->position = base + (size_t)offset;
    return (toff_t)reader->position;
}

static int close_reader(thandle_t handle) { return (void)handle, 0; }
static toff_t size_of(thandle_t handle) { return (toff_t)((struct reader *)handle)->size; }
static int no_map(thandle_t handle, void **base, toff_t *size) { return (void)handle, (void)base, (void)size, 0; }
static void no_unmap(thandle_t handle, void *base, toff_t size) { (void)handle, (void)base, (void)size; }

static int field(TIFF *file, uint32_t tag, ...) {
    va_list arguments;
    va_start(arguments, tag);
    int found = TIFFVGetFieldDefaulted(file, tag, arguments);
    va_end(arguments);
    return found;
}

/// Opens the TIFF in `reader`; NULL (with the reason in `image`) when libtiff refuses it.
static TIFF *open_tiff(struct reader *reader, mg_image *image) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install_handlers);
    current = image;
    // "rm": read, and never map the (client) file.
    TIFF *file = TIFFClientOpen("image.tiff", "rm", reader, read_bytes, write_bytes, seek, close_reader, size_of,
                                no_map, no_unmap);
    if (file == NULL && image->message[0] == 0) snprintf(image->message, sizeof image->message, "not a TIFF file");
    return file;
}

static mg_image_status failed(mg_image *image, TIFF *file, const char *fallback) {
    if (image->message[0] == 0) snprintf(image->message, sizeof image->message, "%s", fallback);
    if (file) TIFFClose(file);
    free(image->pixels);
    image->pixels = NULL;
    current = NULL;
    return MG_IMAGE_DAMAGED;
}

mg_image_status mg_tiff_page_count(const unsigned char *data, size_t size, int *count, mg_image *failure) {
    memset(failure, 0, sizeof *failure);
    *count = 0;
    if (!mg_tiff_available()) return MG_IMAGE_LIBRARY_MISSING;
    struct reader reader = {data, size, 0};
    TIFF *file = open_tiff(&reader, failure);
    if (file == NULL) return failed(failure, NULL, "invalid TIFF data");
    *count = (int)TIFFNumberOfDirectories(file);
    TIFFClose(file);
    current = NULL;
    return MG_IMAGE_OK;
}

mg_image_status mg_tiff_decode(const unsigned char *data, size_t size, int page, long max_pixels, mg_image *image) {
    memset(image, 0, sizeof *image);
    image->orientation = 1;
    if (!mg_tiff_available()) return MG_IMAGE_LIBRARY_MISSING;
    struct reader reader = {data, size, 0};
    TIFF *file = open_tiff(&reader, image);
    if (file == NULL) return failed(image, NULL, "invalid TIFF data");
    if (page > 0 && !TIFFSetDirectory(file, (tdir_t)page)) return failed(image, file, "the TIFF page cannot be read");
    uint32_t width = 0, height = 0;
    uint16_t orientation = ORIENTATION_TOPLEFT, photometric = PHOTOMETRIC_RGB, samples = 1, extra = 0;
    uint16_t *extraKinds = NULL;
    field(file, TIFFTAG_IMAGEWIDTH, &width);
    field(file, TIFFTAG_IMAGELENGTH, &height);
    field(file, TIFFTAG_ORIENTATION, &orientation);
    field(file, TIFFTAG_PHOTOMETRIC, &photometric);
    field(file, TIFFTAG_SAMPLESPERPIXEL, &samples);
    field(file, TIFFTAG_EXTRASAMPLES, &extra, &extraKinds);
    image->width = (int)width;
    image->height = (int)height;
    if (width == 0 || height == 0 || width > 0x7fffffff || height > 0x7fffffff) {
        return failed(image, file, "the TIFF page has no pixels");
    }
    if ((long)width * (long)height > max_pixels) {
        TIFFClose(file);
        current = NULL;
        return MG_IMAGE_TOO_LARGE;
    }
    size_t count = (size_t)width * (size_t)height;
    uint32_t *raster = malloc(count * 4);
    if (raster == NULL) return failed(image, file, "out of memory for the TIFF page");
    // Asking for the page's own orientation makes libtiff flip nothing (tif_getimage.c,
    // setorientation): the rows come in stored order, and Swift applies the orientation.
    int requested = orientation >= 1 && orientation <= 8 ? orientation : ORIENTATION_TOPLEFT;
    if (!TIFFReadRGBAImageOriented(file, width, height, raster, requested, 1)) {
        free(raster);
        return failed(image, file, "the TIFF page cannot be decoded");
    }
    TIFFClose(file);
    current = NULL;
    int gray = (photometric == PHOTOMETRIC_MINISBLACK || photometric == PHOTOMETRIC_MINISWHITE) && samples - extra <= 1;
    int alpha = extra > 0;
    int channels = (gray ? 1 : 3) + (alpha ? 1 : 0);
    // TIFFGetR/G/B/A: the RGBA interface packs each pixel as A<<24 | B<<16 | G<<8 | R, with
    // alpha premultiplied (associated) whatever the file stores; PDF wants it straight.
    unsigned char *out = (unsigned char *)raster;
    for (size_t i = 0; i < count; i++) {
        uint32_t pixel = raster[i];
        unsigned r = TIFFGetR(pixel), g = TIFFGetG(pixel), b = TIFFGetB(pixel), a = TIFFGetA(pixel);
        if (alpha && a != 0 && a != 255) {
            r = (r * 255 + a / 2) / a, g = (g * 255 + a / 2) / a, b = (b * 255 + a / 2) / a;
            r = r > 255 ? 255 : r, g = g > 255 ? 255 : g, b = b > 255 ? 255 : b;
        }
        unsigned char *to = out + i * (size_t)channels;  // never ahead of the pixel being read
        to[0] = (unsigned char)r;
        if (!gray) to[1] = (unsigned char)g, to[2] = (unsigned char)b;
        if (alpha) to[channels - 1] = (unsigned char)a;
    }
    image->pixels = out;
    image->channels = channels;
    image->orientation = requested;
    return MG_IMAGE_OK;
}
