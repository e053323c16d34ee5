// The libpq functions the PostgreSQL store calls, loaded when a store first connects
// (CLazyLibrary.h says why). The prototypes are libpq-fe.h's: a definition that differs from
// the header's declaration does not compile.
#include "CLibPQ.h"
#include "CLazyLibrary.h"

static marginalia_library pq = MARGINALIA_LIBRARY("libpq5", "libpq.so.5", "libpq.so");

MARGINALIA_FORWARD(pq, PGconn *, PQconnectdbParams, (const char *const *keywords, const char *const *values, int expand_dbname),
                   (keywords, values, expand_dbname))
MARGINALIA_FORWARD_VOID(pq, PQfinish, (PGconn *conn), (conn))
MARGINALIA_FORWARD(pq, ConnStatusType, PQstatus, (const PGconn *conn), (conn))
MARGINALIA_FORWARD(pq, PGTransactionStatusType, PQtransactionStatus, (const PGconn *conn), (conn))
MARGINALIA_FORWARD(pq, char *, PQerrorMessage, (const PGconn *conn), (conn))
MARGINALIA_FORWARD(pq, int, PQsocket, (const PGconn *conn), (conn))
MARGINALIA_FORWARD(pq, PQnoticeProcessor, PQsetNoticeProcessor, (PGconn *conn, PQnoticeProcessor proc, void *arg),
                   (conn, proc, arg))
MARGINALIA_FORWARD(pq, PGresult *, PQexec, (PGconn *conn, const char *query), (conn, query))
MARGINALIA_FORWARD(pq, PGresult *, PQprepare,
                   (PGconn *conn, const char *stmtName, const char *query, int nParams, const Oid *paramTypes),
                   (conn, stmtName, query, nParams, paramTypes))
MARGINALIA_FORWARD(pq, PGresult *, PQexecPrepared,
                   (PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues,
                    const int *paramLengths, const int *paramFormats, int resultFormat),
                   (conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat))
MARGINALIA_FORWARD(pq, int, PQconsumeInput, (PGconn *conn), (conn))
MARGINALIA_FORWARD(pq, PGnotify *, PQnotifies, (PGconn *conn), (conn))
MARGINALIA_FORWARD_VOID(pq, PQfreemem, (void *ptr), (ptr))
MARGINALIA_FORWARD(pq, ExecStatusType, PQresultStatus, (const PGresult *res), (res))
MARGINALIA_FORWARD(pq, char *, PQresultErrorMessage, (const PGresult *res), (res))
MARGINALIA_FORWARD(pq, char *, PQresultErrorField, (const PGresult *res, int fieldcode), (res, fieldcode))
MARGINALIA_FORWARD(pq, int, PQntuples, (const PGresult *res), (res))
MARGINALIA_FORWARD(pq, int, PQnfields, (const PGresult *res), (res))
MARGINALIA_FORWARD(pq, char *, PQgetvalue, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
MARGINALIA_FORWARD(pq, int, PQgetlength, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
MARGINALIA_FORWARD(pq, int, PQgetisnull, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
MARGINALIA_FORWARD_VOID(pq, PQclear, (PGresult *res), (res))
