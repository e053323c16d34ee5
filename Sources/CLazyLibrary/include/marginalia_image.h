// What the image decoders of CWebP, CGIF, CTIFF and CHEIF hand back to Swift
// (Sources/Marginalia/Images): every format comes out the same way, 8-bit samples row by row
// from the top, so one Swift path turns them into a RasterImage.
#ifndef MARGINALIA_IMAGE_H
#define MARGINALIA_IMAGE_H

#include <stddef.h>

/// How a decode ended.
typedef enum mg_image_status {
    MG_IMAGE_OK = 0,
    /// The data is damaged or cut short; `message` says how.
    MG_IMAGE_DAMAGED = 1,
    /// The image has more pixels than allowed; `width` and `height` say how many.
    MG_IMAGE_TOO_LARGE = 2,
    /// A kind of file this decoder does not read (an animated WebP, say); `message` names it.
    MG_IMAGE_UNSUPPORTED = 3,
    /// The library could not be loaded (it is named on stderr); nothing was decoded.
    MG_IMAGE_LIBRARY_MISSING = 4,
} mg_image_status;

/// A decoded image. `pixels` (free it with mg_image_free) holds width * height * channels
/// bytes: 1 gray, 2 gray + alpha, 3 RGB, 4 RGBA; alpha is straight (not premultiplied).
typedef struct mg_image {
    unsigned char *pixels;
    int width;
    int height;
    int channels;
    /// The TIFF/EXIF orientation (1 to 8) the file asks for and the samples do not have
    /// applied yet; 1 when there is none.
    int orientation;
    char message[256];
} mg_image;

/// Frees an image's pixels (a no-op for NULL) and clears the pointer.
void mg_image_free(mg_image *image);

#endif
