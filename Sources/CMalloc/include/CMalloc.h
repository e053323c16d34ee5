// The C library allocator's settings the server depends on: glibc's mallopt, which Swift's
// Glibc module does not export. Elsewhere they do nothing.
#ifndef C_MALLOC_H
#define C_MALLOC_H
#include <stddef.h>

/// Serves every allocation of `bytes` or more from a mapping of its own, given back to the
/// system when it is freed (glibc's M_MMAP_THRESHOLD; setting it also stops glibc from
/// raising the threshold after each large free, which otherwise keeps buffers of up to
/// 32 MiB in its arenas once freed). Returns 1 when set, 0 when the C library cannot.
int marginalia_malloc_map_from(size_t bytes);

/// Gives the free memory at the top of an arena back to the system only once it exceeds
/// `bytes` (glibc's M_TRIM_THRESHOLD, 128 KiB by default). Returns 1 when set, 0 when the
/// C library cannot.
int marginalia_malloc_trim_above(size_t bytes);

#endif
