// SQLite (Debian: libsqlite3-dev) for the server's document store. Loaded on the first call
// (sqlite.c): only `marginalia serve` needs it.
#include <sqlite3.h>
