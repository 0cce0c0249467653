/* Calls into libpq through a table loaded with dlopen on first use (see include/shim.h). */
#include "shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

typedef void (*tidings_pq_notice_processor)(void *arg, const char *message);

typedef struct {
    int loaded;
    const char *error;
    PGconn *(*connectdb)(const char *conninfo);
    int (*status)(const PGconn *conn);
    char *(*error_message)(const PGconn *conn);
    void (*finish)(PGconn *conn);
    int (*server_version)(const PGconn *conn);
    int (*socket)(const PGconn *conn);
    int (*backend_pid)(const PGconn *conn);
    tidings_pq_notice_processor (*set_notice_processor)(PGconn *conn, tidings_pq_notice_processor processor, void *arg);
    PGresult *(*exec_params)(PGconn *conn, const char *command, int count, const unsigned int *types,
                             const char *const *values, const int *lengths, const int *formats, int result_format);
    int (*result_status)(const PGresult *result);
    char *(*result_error_message)(const PGresult *result);
    char *(*result_error_field)(const PGresult *result, int field);
    int (*ntuples)(const PGresult *result);
    int (*nfields)(const PGresult *result);
    char *(*fname)(const PGresult *result, int column);
    unsigned int (*ftype)(const PGresult *result, int column);
    int (*getisnull)(const PGresult *result, int row, int column);
    char *(*getvalue)(const PGresult *result, int row, int column);
    int (*getlength)(const PGresult *result, int row, int column);
    char *(*cmd_tuples)(PGresult *result);
    void (*clear)(PGresult *result);
    char *(*escape_identifier)(PGconn *conn, const char *text, size_t length);
    void (*freemem)(void *pointer);
} tidings_pq_table;

/* One table for the whole process. */
static tidings_pq_table *tidings_pq(void) {
    static tidings_pq_table table;
    return &table;
}

static pthread_once_t *tidings_pq_once(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    return &once;
}

#define TIDINGS_PQ_SYMBOL(field, name)                                   \
    if ((*(void **)&tidings_pq()->field = dlsym(handle, name)) == NULL) { \
        tidings_pq()->error = "libpq lacks " name;                       \
        return;                                                          \
    }

static void tidings_pq_load_once(void) {
    void *handle = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        tidings_pq()->error = dlerror();
        return;
    }
    TIDINGS_PQ_SYMBOL(connectdb, "PQconnectdb")
    TIDINGS_PQ_SYMBOL(status, "PQstatus")
    TIDINGS_PQ_SYMBOL(error_message, "PQerrorMessage")
    TIDINGS_PQ_SYMBOL(finish, "PQfinish")
    TIDINGS_PQ_SYMBOL(server_version, "PQserverVersion")
    TIDINGS_PQ_SYMBOL(socket, "PQsocket")
    TIDINGS_PQ_SYMBOL(backend_pid, "PQbackendPID")
    TIDINGS_PQ_SYMBOL(set_notice_processor, "PQsetNoticeProcessor")
    TIDINGS_PQ_SYMBOL(exec_params, "PQexecParams")
    TIDINGS_PQ_SYMBOL(result_status, "PQresultStatus")
    TIDINGS_PQ_SYMBOL(result_error_message, "PQresultErrorMessage")
    TIDINGS_PQ_SYMBOL(result_error_field, "PQresultErrorField")
    TIDINGS_PQ_SYMBOL(ntuples, "PQntuples")
    TIDINGS_PQ_SYMBOL(nfields, "PQnfields")
    TIDINGS_PQ_SYMBOL(fname, "PQfname")
    TIDINGS_PQ_SYMBOL(ftype, "PQftype")
    TIDINGS_PQ_SYMBOL(getisnull, "PQgetisnull")
    TIDINGS_PQ_SYMBOL(getvalue, "PQgetvalue")
    TIDINGS_PQ_SYMBOL(getlength, "PQgetlength")
    TIDINGS_PQ_SYMBOL(cmd_tuples, "PQcmdTuples")
    TIDINGS_PQ_SYMBOL(clear, "PQclear")
    TIDINGS_PQ_SYMBOL(escape_identifier, "PQescapeIdentifier")
    TIDINGS_PQ_SYMBOL(freemem, "PQfreemem")
    tidings_pq()->loaded = 1;
}

/* Loads libpq once; NULL when it is ready, else why not (thread-safe). */
const char *tidings_pq_load(void) {
    pthread_once(tidings_pq_once(), tidings_pq_load_once);
    if (tidings_pq()->loaded) return NULL;
    return tidings_pq()->error != NULL ? tidings_pq()->error : "libpq could not be loaded";
}

/* Drops the server's notices: a library does not write to stderr. */
static void tidings_pq_ignore_notice(void *arg, const char *message) {
    (void)arg;
    (void)message;
}

PGconn *tidings_pq_connectdb(const char *conninfo) {
    if (tidings_pq_load() != NULL) return NULL;
    PGconn *conn = tidings_pq()->connectdb(conninfo);
    if (conn != NULL) tidings_pq()->set_notice_processor(conn, tidings_pq_ignore_notice, NULL);
    return conn;
}
int tidings_pq_status(const PGconn *conn) { return tidings_pq()->status(conn); }
const char *tidings_pq_error_message(const PGconn *conn) { return tidings_pq()->error_message(conn); }
void tidings_pq_finish(PGconn *conn) { tidings_pq()->finish(conn); }
int tidings_pq_server_version(const PGconn *conn) { return tidings_pq()->server_version(conn); }
int tidings_pq_socket(const PGconn *conn) { return tidings_pq()->socket(conn); }
int tidings_pq_backend_pid(const PGconn *conn) { return tidings_pq()->backend_pid(conn); }
PGresult *tidings_pq_exec_params(PGconn *conn, const char *command, int count, const unsigned int *types,
                                 const char *const *values) {
    return tidings_pq()->exec_params(conn, command, count, types, values, NULL, NULL, 0);
}
int tidings_pq_result_status(const PGresult *result) { return tidings_pq()->result_status(result); }
const char *tidings_pq_result_error_message(const PGresult *result) { return tidings_pq()->result_error_message(result); }
const char *tidings_pq_result_error_field(const PGresult *result, int field) {
    return tidings_pq()->result_error_field(result, field);
}
int tidings_pq_ntuples(const PGresult *result) { return tidings_pq()->ntuples(result); }
int tidings_pq_nfields(const PGresult *result) { return tidings_pq()->nfields(result); }
const char *tidings_pq_fname(const PGresult *result, int column) { return tidings_pq()->fname(result, column); }
unsigned int tidings_pq_ftype(const PGresult *result, int column) { return tidings_pq()->ftype(result, column); }
int tidings_pq_getisnull(const PGresult *result, int row, int column) { return tidings_pq()->getisnull(result, row, column); }
const char *tidings_pq_getvalue(const PGresult *result, int row, int column) { return tidings_pq()->getvalue(result, row, column); }
int tidings_pq_getlength(const PGresult *result, int row, int column) { return tidings_pq()->getlength(result, row, column); }
const char *tidings_pq_cmd_tuples(PGresult *result) { return tidings_pq()->cmd_tuples(result); }
void tidings_pq_clear(PGresult *result) {
    if (result != NULL) tidings_pq()->clear(result);
}
char *tidings_pq_escape_identifier(PGconn *conn, const char *text, unsigned long length) {
    return tidings_pq()->escape_identifier(conn, text, length);
}
void tidings_pq_freemem(void *pointer) {
    if (pointer != NULL) tidings_pq()->freemem(pointer);
}
