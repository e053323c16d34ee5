// PostgreSQL's client library (Debian: libpq-dev). Its headers live in /usr/include/postgresql;
// libpq-fe.h includes its neighbours with quotes, so naming it by that path is enough.
#include <postgresql/libpq-fe.h>
