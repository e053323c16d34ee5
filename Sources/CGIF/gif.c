// The giflib functions the GIF decoder calls, loaded on first use (CLazyLibrary.h says why),
// and the decoder: only the records up to the first image are read, so a long animation
// costs no more than its first frame.
#include "CGIF.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gif_lib.h>

#include "CLazyLibrary.h"

static marginalia_library gif = MARGINALIA_LIBRARY("libgif7", "libgif.so.7", "libgif.so");

MARGINALIA_FORWARD(gif, GifFileType *, DGifOpen, (void *user, InputFunc read, int *error), (user, read, error))
MARGINALIA_FORWARD(gif, int, DGifCloseFile, (GifFileType *file, int *error), (file, error))
MARGINALIA_FORWARD(gif, int, DGifGetRecordType, (GifFileType *file, GifRecordType *type), (file, type))
MARGINALIA_FORWARD(gif, int, DGifGetImageDesc, (GifFileType *file), (file))
MARGINALIA_FORWARD(gif, int, DGifGetLine, (GifFileType *file, GifPixelType *line, int length), (file, line, length))
MARGINALIA_FORWARD(gif, int, DGifGetExtension, (GifFileType *file, int *code, GifByteType **extension),
                   (file, code, extension))
MARGINALIA_FORWARD(gif, int, DGifGetExtensionNext, (GifFileType *file, GifByteType **extension), (file, extension))
MARGINALIA_FORWARD(gif, const char *, GifErrorString, (int code), (code))

int mg_gif_available(void) { return marginalia_library_symbol(&gif, "DGifOpen") != NULL; }

struct reader {
    const unsigned char *data;
    size_t size;
    size_t position;
};

static int read_bytes(GifFileType *file, GifByteType *into, int wanted) {
    struct reader *reader = file->UserData;
    size_t left = reader->size - reader->position;
    size_t count = (size_t)wanted < left ? (size_t)wanted : left;
    memcpy(into, reader->data + reader->position, count);
    reader->position += count;
    return (int)count;
}

static mg_image_status failed(mg_image *image, GifFileType *file, int code) {
    snprintf(image->message, sizeof image->message, "invalid GIF data (%s)",
             GifErrorString(code) ? GifErrorString(code) : "unknown error");
    if (file) DGifCloseFile(file, NULL);
    free(image->pixels);
    image->pixels = NULL;
    return MG_IMAGE_DAMAGED;
}

mg_image_status mg_gif_decode(const unsigned char *data, size_t size, long max_pixels, mg_image *image) {
    memset(image, 0, sizeof *image);
    image->orientation = 1;
    if (!mg_gif_available()) return MG_IMAGE_LIBRARY_MISSING;
    struct reader reader = {data, size, 0};
    int error = 0;
    GifFileType *file = DGifOpen(&reader, read_bytes, &error);
    if (file == NULL) return failed(image, NULL, error);
    int transparent = -1;  // the colour index a Graphic Control Extension makes transparent
    for (;;) {
        GifRecordType type;
        if (DGifGetRecordType(file, &type) == GIF_ERROR) return failed(image, file, file->Error);
        if (type == TERMINATE_RECORD_TYPE) {
            DGifCloseFile(file, NULL);
            snprintf(image->message, sizeof image->message, "the GIF has no image");
            return MG_IMAGE_DAMAGED;
        }
        if (type == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *extension = NULL;
            if (DGifGetExtension(file, &code, &extension) == GIF_ERROR) return failed(image, file, file->Error);
            // GIF89a, 23: block size 4, packed fields (bit 0: a transparent colour), delay, index.
            if (code == GRAPHICS_EXT_FUNC_CODE && extension != NULL && extension[0] >= 4 && (extension[1] & 1)) {
                transparent = extension[4];
            }
            while (extension != NULL) {
                if (DGifGetExtensionNext(file, &extension) == GIF_ERROR) return failed(image, file, file->Error);
            }
            continue;
        }
        if (type != IMAGE_DESC_RECORD_TYPE) continue;
        if (DGifGetImageDesc(file) == GIF_ERROR) return failed(image, file, file->Error);
        break;
    }
    GifImageDesc frame = file->Image;
    int width = file->SWidth > 0 ? file->SWidth : frame.Width;
    int height = file->SHeight > 0 ? file->SHeight : frame.Height;
    image->width = width;
    image->height = height;
    if (width <= 0 || height <= 0 || frame.Width <= 0 || frame.Height <= 0) {
        DGifCloseFile(file, NULL);
        snprintf(image->message, sizeof image->message, "the GIF image has no pixels");
        return MG_IMAGE_DAMAGED;
    }
    if ((long)width * (long)height > max_pixels || (long)frame.Width * (long)frame.Height > max_pixels) {
        DGifCloseFile(file, NULL);
        return MG_IMAGE_TOO_LARGE;
    }
    ColorMapObject *colours = frame.ColorMap ? frame.ColorMap : file->SColorMap;
    if (colours == NULL) {
        DGifCloseFile(file, NULL);
        snprintf(image->message, sizeof image->message, "the GIF has no colour table");
        return MG_IMAGE_DAMAGED;
    }
    image->pixels = calloc((size_t)width * (size_t)height, 4);  // transparent black
    GifPixelType *line = malloc((size_t)frame.Width);
    if (image->pixels == NULL || line == NULL) {
        free(line);
        DGifCloseFile(file, NULL);
        free(image->pixels);
        image->pixels = NULL;
        snprintf(image->message, sizeof image->message, "out of memory for the GIF image");
        return MG_IMAGE_DAMAGED;
    }
    // An interlaced image comes in four passes (GIF89a, appendix E): rows 0, 8, 16...;
    // 4, 12...; 2, 6...; 1, 3...
    static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
    int passes = frame.Interlace ? 4 : 1;
    int opaque = transparent < 0 && frame.Left == 0 && frame.Top == 0 && frame.Width >= width && frame.Height >= height;
    for (int pass = 0; pass < passes; pass++) {
        int start = frame.Interlace ? starts[pass] : 0, step = frame.Interlace ? steps[pass] : 1;
        for (int row = start; row < frame.Height; row += step) {
            if (DGifGetLine(file, line, frame.Width) == GIF_ERROR) {
                free(line);
                return failed(image, file, file->Error);
            }
            int y = frame.Top + row;
            if (y < 0 || y >= height) continue;
            for (int column = 0; column < frame.Width; column++) {
                int x = frame.Left + column;
                int index = line[column];
                if (x < 0 || x >= width || index == transparent) continue;
                unsigned char *pixel = image->pixels + ((size_t)y * (size_t)width + (size_t)x) * 4;
                if (index < colours->ColorCount) {
                    pixel[0] = colours->Colors[index].Red;
                    pixel[1] = colours->Colors[index].Green;
                    pixel[2] = colours->Colors[index].Blue;
                }
                pixel[3] = 255;
            }
        }
    }
    free(line);
    DGifCloseFile(file, NULL);
    image->channels = 4;
    if (opaque) {  // every pixel drawn and none transparent: drop the alpha channel
        size_t count = (size_t)width * (size_t)height;
        for (size_t i = 0; i < count; i++) memmove(image->pixels + i * 3, image->pixels + i * 4, 3);
        image->channels = 3;
    }
    return MG_IMAGE_OK;
}
