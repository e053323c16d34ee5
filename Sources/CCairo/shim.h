// cairo (Debian: libcairo2-dev), the 2D drawing library the renderer paints with.
#include <cairo/cairo.h>
