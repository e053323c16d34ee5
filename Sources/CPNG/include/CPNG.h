// libpng (Debian: libpng-dev) for PNG images, through its simplified API. Loaded on the
// first call (png.c): only commands that read a PNG need it.
#include <png.h>
