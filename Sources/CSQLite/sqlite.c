// The SQLite functions the server's store calls, loaded when a store first opens
// (CLazyLibrary.h says why).
#include "CSQLite.h"
#include "CLazyLibrary.h"

static marginalia_library sqlite = MARGINALIA_LIBRARY("libsqlite3-0", "libsqlite3.so.0", "libsqlite3.so");

MARGINALIA_FORWARD(sqlite, int, sqlite3_open_v2, (const char *filename, sqlite3 **database, int flags, const char *vfs),
                   (filename, database, flags, vfs))
MARGINALIA_FORWARD(sqlite, int, sqlite3_close, (sqlite3 *database), (database))
MARGINALIA_FORWARD(sqlite, int, sqlite3_close_v2, (sqlite3 *database), (database))
MARGINALIA_FORWARD(sqlite, const char *, sqlite3_errmsg, (sqlite3 *database), (database))
MARGINALIA_FORWARD(sqlite, int, sqlite3_extended_result_codes, (sqlite3 *database, int on), (database, on))
MARGINALIA_FORWARD(sqlite, int, sqlite3_busy_timeout, (sqlite3 *database, int milliseconds), (database, milliseconds))
MARGINALIA_FORWARD(sqlite, int, sqlite3_changes, (sqlite3 *database), (database))
MARGINALIA_FORWARD(sqlite, int, sqlite3_exec,
                   (sqlite3 *database, const char *sql, int (*callback)(void *, int, char **, char **), void *argument,
                    char **error),
                   (database, sql, callback, argument, error))
MARGINALIA_FORWARD_VOID(sqlite, sqlite3_free, (void *memory), (memory))
MARGINALIA_FORWARD(sqlite, int, sqlite3_prepare_v2,
                   (sqlite3 *database, const char *sql, int bytes, sqlite3_stmt **statement, const char **tail),
                   (database, sql, bytes, statement, tail))
MARGINALIA_FORWARD(sqlite, int, sqlite3_step, (sqlite3_stmt *statement), (statement))
MARGINALIA_FORWARD(sqlite, int, sqlite3_reset, (sqlite3_stmt *statement), (statement))
MARGINALIA_FORWARD(sqlite, int, sqlite3_finalize, (sqlite3_stmt *statement), (statement))
MARGINALIA_FORWARD(sqlite, int, sqlite3_clear_bindings, (sqlite3_stmt *statement), (statement))
MARGINALIA_FORWARD(sqlite, int, sqlite3_bind_text,
                   (sqlite3_stmt *statement, int index, const char *text, int bytes, void (*destructor)(void *)),
                   (statement, index, text, bytes, destructor))
MARGINALIA_FORWARD(sqlite, int, sqlite3_bind_null, (sqlite3_stmt *statement, int index), (statement, index))
MARGINALIA_FORWARD(sqlite, int, sqlite3_bind_int64, (sqlite3_stmt *statement, int index, sqlite3_int64 value),
                   (statement, index, value))
MARGINALIA_FORWARD(sqlite, int, sqlite3_bind_double, (sqlite3_stmt *statement, int index, double value),
                   (statement, index, value))
MARGINALIA_FORWARD(sqlite, int, sqlite3_column_count, (sqlite3_stmt *statement), (statement))
MARGINALIA_FORWARD(sqlite, int, sqlite3_column_type, (sqlite3_stmt *statement, int column), (statement, column))
MARGINALIA_FORWARD(sqlite, const unsigned char *, sqlite3_column_text, (sqlite3_stmt *statement, int column),
                   (statement, column))
MARGINALIA_FORWARD(sqlite, sqlite3_int64, sqlite3_column_int64, (sqlite3_stmt *statement, int column), (statement, column))
MARGINALIA_FORWARD(sqlite, double, sqlite3_column_double, (sqlite3_stmt *statement, int column), (statement, column))
MARGINALIA_FORWARD(sqlite, sqlite3_backup *, sqlite3_backup_init,
                   (sqlite3 *destination, const char *destinationName, sqlite3 *source, const char *sourceName),
                   (destination, destinationName, source, sourceName))
MARGINALIA_FORWARD(sqlite, int, sqlite3_backup_step, (sqlite3_backup *backup, int pages), (backup, pages))
MARGINALIA_FORWARD(sqlite, int, sqlite3_backup_finish, (sqlite3_backup *backup), (backup))
