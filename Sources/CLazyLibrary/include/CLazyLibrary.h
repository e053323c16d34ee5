// Loads a C library the first time one of its functions is called instead of when the
// program starts: every `marginalia` command used to load and relocate libraries that only
// some commands need (the server's libmicrohttpd with GnuTLS and SQLite, OpenSSL's libcrypto
// for encrypted files, libpng for PNG images), a tenth of a short command's time.
// The shims of those libraries define the functions Swift calls and forward them to the
// library's, looked up through this.
#ifndef C_LAZY_LIBRARY_H
#define C_LAZY_LIBRARY_H
#include <pthread.h>
#include <stdatomic.h>

#include "marginalia_image.h"

/// A library to load on first use. Initialise with MARGINALIA_LIBRARY.
typedef struct marginalia_library {
    /// File names to try, in order (the versioned name first), ending with NULL.
    const char *const *names;
    /// The Debian package that installs it, for the message when it is missing.
    const char *package;
    pthread_mutex_t lock;
    int tried;
    void *handle;
} marginalia_library;

#define MARGINALIA_LIBRARY(package_name, ...) \
    { (const char *const[]){__VA_ARGS__, NULL}, package_name, PTHREAD_MUTEX_INITIALIZER, 0, NULL }

/// The address of `symbol` in `library`, which is loaded the first time (thread-safe); NULL
/// when the library or the symbol cannot be found, after saying which on stderr.
void *marginalia_library_symbol(marginalia_library *library, const char *symbol);

/// As marginalia_library_symbol, but a library that cannot be loaded ends the program with
/// that message: for functions whose callers have no way to report the failure.
void *marginalia_library_require(marginalia_library *library, const char *symbol);

/// The address of `symbol`, looked up once and kept in `cache` (marginalia_library_require).
void *marginalia_library_cached(marginalia_library *library, const char *symbol, _Atomic(void *) *cache);

/// Defines `name` with the library's signature: the first call looks the function up (a
/// library that cannot be loaded ends the program, saying which), later calls go straight
/// to it.
#define MARGINALIA_FORWARD(library, result, name, parameters, arguments)                      \
    result name parameters {                                                                  \
        static _Atomic(void *) address;                                                       \
        return ((result(*) parameters) marginalia_library_cached(&(library), #name, &address)) arguments; \
    }

/// MARGINALIA_FORWARD for a function that returns nothing.
#define MARGINALIA_FORWARD_VOID(library, name, parameters, arguments)                         \
    void name parameters {                                                                    \
        static _Atomic(void *) address;                                                       \
        ((void (*) parameters) marginalia_library_cached(&(library), #name, &address)) arguments; \
    }

#endif
