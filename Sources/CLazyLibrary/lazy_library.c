#include "CLazyLibrary.h"
#include "marginalia_image.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static void *open_library(marginalia_library *library) {
    pthread_mutex_lock(&library->lock);
    if (!library->tried) {
        library->tried = 1;
        for (const char *const *name = library->names; *name != NULL && library->handle == NULL; name++) {
            library->handle = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
        }
        if (library->handle == NULL) {
            fprintf(stderr, "marginalia: cannot load %s (Debian package %s): %s\n", library->names[0],
                    library->package, dlerror());
        }
    }
    void *handle = library->handle;
    pthread_mutex_unlock(&library->lock);
    return handle;
}

void *marginalia_library_symbol(marginalia_library *library, const char *symbol) {
    void *handle = open_library(library);
    if (handle == NULL) {
        return NULL;
    }
    void *address = dlsym(handle, symbol);
    if (address == NULL) {
        fprintf(stderr, "marginalia: %s has no %s\n", library->names[0], symbol);
    }
    return address;
}

void *marginalia_library_require(marginalia_library *library, const char *symbol) {
    void *address = marginalia_library_symbol(library, symbol);
    if (address == NULL) {
        abort();
    }
    return address;
}

void *marginalia_library_cached(marginalia_library *library, const char *symbol, _Atomic(void *) *cache) {
    void *address = atomic_load_explicit(cache, memory_order_acquire);
    if (address == NULL) {
        address = marginalia_library_require(library, symbol);
        atomic_store_explicit(cache, address, memory_order_release);
    }
    return address;
}

void mg_image_free(mg_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}
