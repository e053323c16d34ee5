// cairo (Debian: libcairo2-dev), the 2D drawing library the renderer paints with. Loaded on
// the first call (cairo.c): only rendering needs it, and with pixman, fontconfig, freetype and
// the X libraries it brought, loading it cost every command a sixth of its start-up.
#include <cairo/cairo.h>
