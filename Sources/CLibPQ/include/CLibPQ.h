// PostgreSQL's client library (Debian: libpq-dev) for the replicas' store. Loaded on the first
// call (libpq.c): only a server with a PostgreSQL store needs it, and linking it cost every
// command libpq with libssl, GSSAPI, Kerberos and LDAP at start-up. libpq-fe.h includes its
// neighbours with quotes, so naming it by its directory is enough.
#include <postgresql/libpq-fe.h>
