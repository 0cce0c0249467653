#ifndef TIDINGS_CLIBPQ_SHIM_H
#define TIDINGS_CLIBPQ_SHIM_H

/* libpq is loaded with dlopen on first use instead of being linked, like libcurl (see
   Sources/CCurl): a run on SQLite never maps libpq and the libraries it needs (TLS, Kerberos,
   LDAP). The declarations below are written by hand so that building needs no libpq-dev:
   the handles are opaque, the enumerations plain ints with the values libpq-fe.h gives
   them. The functions call libpq through one table of function pointers, defined in shim.c. */

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;

/* ConnStatusType: CONNECTION_OK. */
#define TIDINGS_PQ_CONNECTION_OK 0
/* ExecStatusType values. */
#define TIDINGS_PQ_EMPTY_QUERY 0
#define TIDINGS_PQ_COMMAND_OK 1
#define TIDINGS_PQ_TUPLES_OK 2
#define TIDINGS_PQ_FATAL_ERROR 7
/* Error fields (PG_DIAG_*): the SQLSTATE, the primary message, its detail and hint. */
#define TIDINGS_PQ_DIAG_SQLSTATE 'C'
#define TIDINGS_PQ_DIAG_MESSAGE_PRIMARY 'M'
#define TIDINGS_PQ_DIAG_MESSAGE_DETAIL 'D'
#define TIDINGS_PQ_DIAG_MESSAGE_HINT 'H'

/* Loads libpq.so.5 once; NULL when it is ready, else why not (thread-safe). */
const char *tidings_pq_load(void);

/* PQconnectdb (a key=value conninfo or a postgresql:// URI), with the server's notices
   (warnings such as "there is no transaction in progress") kept off stderr. NULL when libpq
   is missing or out of memory. */
PGconn *tidings_pq_connectdb(const char *conninfo);
int tidings_pq_status(const PGconn *conn);
const char *tidings_pq_error_message(const PGconn *conn);
void tidings_pq_finish(PGconn *conn);
int tidings_pq_server_version(const PGconn *conn);
int tidings_pq_socket(const PGconn *conn);
int tidings_pq_backend_pid(const PGconn *conn);
/* PQexecParams with text parameters and text results; `types` holds an OID per parameter
   (0: the server infers it). */
PGresult *tidings_pq_exec_params(PGconn *conn, const char *command, int count, const unsigned int *types,
                                 const char *const *values);
int tidings_pq_result_status(const PGresult *result);
const char *tidings_pq_result_error_message(const PGresult *result);
const char *tidings_pq_result_error_field(const PGresult *result, int field);
int tidings_pq_ntuples(const PGresult *result);
int tidings_pq_nfields(const PGresult *result);
const char *tidings_pq_fname(const PGresult *result, int column);
unsigned int tidings_pq_ftype(const PGresult *result, int column);
int tidings_pq_getisnull(const PGresult *result, int row, int column);
const char *tidings_pq_getvalue(const PGresult *result, int row, int column);
int tidings_pq_getlength(const PGresult *result, int row, int column);
const char *tidings_pq_cmd_tuples(PGresult *result);
void tidings_pq_clear(PGresult *result);
/* PQescapeIdentifier: `text` quoted as an identifier; free it with tidings_pq_freemem. */
char *tidings_pq_escape_identifier(PGconn *conn, const char *text, unsigned long length);
void tidings_pq_freemem(void *pointer);

#endif
