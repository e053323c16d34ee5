#include "CMalloc.h"
#include <stdlib.h>  /* defines __GLIBC__ under glibc */

#if defined(__GLIBC__)
#include <malloc.h>

int marginalia_malloc_map_from(size_t bytes) {
    if (bytes > (size_t)0x7fffffff) return 0;
    return mallopt(M_MMAP_THRESHOLD, (int)bytes) == 1;
}

int marginalia_malloc_trim_above(size_t bytes) {
    if (bytes > (size_t)0x7fffffff) return 0;
    return mallopt(M_TRIM_THRESHOLD, (int)bytes) == 1;
}
#else
int marginalia_malloc_map_from(size_t bytes) {
    (void)bytes;
    return 0;
}

int marginalia_malloc_trim_above(size_t bytes) {
    (void)bytes;
    return 0;
}
#endif
