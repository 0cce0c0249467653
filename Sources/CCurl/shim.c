/* Calls into libcurl through a table loaded with dlopen on first use (see include/shim.h). */
#include "shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

typedef struct {
    int loaded;
    const char *error;
    __typeof__(&curl_global_init) global_init;
    __typeof__(&curl_easy_init) easy_init;
    __typeof__(&curl_easy_cleanup) easy_cleanup;
    __typeof__(&curl_easy_reset) easy_reset;
    __typeof__(&curl_easy_perform) easy_perform;
    __typeof__(&curl_easy_setopt) easy_setopt;
    __typeof__(&curl_easy_getinfo) easy_getinfo;
    __typeof__(&curl_easy_strerror) easy_strerror;
    __typeof__(&curl_slist_append) slist_append;
    __typeof__(&curl_slist_free_all) slist_free_all;
    __typeof__(&curl_url) url;
    __typeof__(&curl_url_cleanup) url_cleanup;
    __typeof__(&curl_url_set) url_set;
    __typeof__(&curl_url_get) url_get;
    __typeof__(&curl_url_strerror) url_strerror;
    __typeof__(&curl_free) free;
    __typeof__(&curl_multi_init) multi_init;
    __typeof__(&curl_multi_cleanup) multi_cleanup;
    __typeof__(&curl_multi_setopt) multi_setopt;
    __typeof__(&curl_multi_add_handle) multi_add_handle;
    __typeof__(&curl_multi_remove_handle) multi_remove_handle;
    __typeof__(&curl_multi_perform) multi_perform;
    __typeof__(&curl_multi_poll) multi_poll;
    __typeof__(&curl_multi_info_read) multi_info_read;
    __typeof__(&curl_multi_strerror) multi_strerror;
} tidings_curl_table;

/* One table for the whole process. */
static tidings_curl_table *tidings_curl(void) {
    static tidings_curl_table table;
    return &table;
}

static pthread_once_t *tidings_curl_once(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    return &once;
}

#define TIDINGS_CURL_SYMBOL(field, name)                                   \
    if ((*(void **)&tidings_curl()->field = dlsym(handle, name)) == NULL) { \
        tidings_curl()->error = "libcurl lacks " name;                   \
        return;                                                           \
    }

static void tidings_curl_load_once(void) {
    void *handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        tidings_curl()->error = dlerror();
        return;
    }
    TIDINGS_CURL_SYMBOL(global_init, "curl_global_init")
    TIDINGS_CURL_SYMBOL(easy_init, "curl_easy_init")
    TIDINGS_CURL_SYMBOL(easy_cleanup, "curl_easy_cleanup")
    TIDINGS_CURL_SYMBOL(easy_reset, "curl_easy_reset")
    TIDINGS_CURL_SYMBOL(easy_perform, "curl_easy_perform")
    TIDINGS_CURL_SYMBOL(easy_setopt, "curl_easy_setopt")
    TIDINGS_CURL_SYMBOL(easy_getinfo, "curl_easy_getinfo")
    TIDINGS_CURL_SYMBOL(easy_strerror, "curl_easy_strerror")
    TIDINGS_CURL_SYMBOL(slist_append, "curl_slist_append")
    TIDINGS_CURL_SYMBOL(slist_free_all, "curl_slist_free_all")
    TIDINGS_CURL_SYMBOL(url, "curl_url")
    TIDINGS_CURL_SYMBOL(url_cleanup, "curl_url_cleanup")
    TIDINGS_CURL_SYMBOL(url_set, "curl_url_set")
    TIDINGS_CURL_SYMBOL(url_get, "curl_url_get")
    TIDINGS_CURL_SYMBOL(url_strerror, "curl_url_strerror")
    TIDINGS_CURL_SYMBOL(free, "curl_free")
    TIDINGS_CURL_SYMBOL(multi_init, "curl_multi_init")
    TIDINGS_CURL_SYMBOL(multi_cleanup, "curl_multi_cleanup")
    TIDINGS_CURL_SYMBOL(multi_setopt, "curl_multi_setopt")
    TIDINGS_CURL_SYMBOL(multi_add_handle, "curl_multi_add_handle")
    TIDINGS_CURL_SYMBOL(multi_remove_handle, "curl_multi_remove_handle")
    TIDINGS_CURL_SYMBOL(multi_perform, "curl_multi_perform")
    /* curl_multi_poll came with libcurl 7.66 (2019). */
    TIDINGS_CURL_SYMBOL(multi_poll, "curl_multi_poll")
    TIDINGS_CURL_SYMBOL(multi_info_read, "curl_multi_info_read")
    TIDINGS_CURL_SYMBOL(multi_strerror, "curl_multi_strerror")
    tidings_curl()->loaded = 1;
}

/* Loads libcurl once; NULL when it is ready, else why not (thread-safe). */
const char *tidings_curl_load(void) {
    pthread_once(tidings_curl_once(), tidings_curl_load_once);
    if (tidings_curl()->loaded) return NULL;
    return tidings_curl()->error != NULL ? tidings_curl()->error : "libcurl could not be loaded";
}

CURLcode tidings_curl_global_init_default(void) {
    if (tidings_curl_load() != NULL) return CURLE_FAILED_INIT;
    return tidings_curl()->global_init(CURL_GLOBAL_DEFAULT);
}

CURL *tidings_curl_easy_init(void) {
    return tidings_curl_load() == NULL ? tidings_curl()->easy_init() : NULL;
}
void tidings_curl_easy_cleanup(CURL *handle) { tidings_curl()->easy_cleanup(handle); }
void tidings_curl_easy_reset(CURL *handle) { tidings_curl()->easy_reset(handle); }
CURLcode tidings_curl_easy_perform(CURL *handle) { return tidings_curl()->easy_perform(handle); }
const char *tidings_curl_easy_strerror(CURLcode code) {
    return tidings_curl_load() == NULL ? tidings_curl()->easy_strerror(code) : "libcurl is not available";
}
struct curl_slist *tidings_curl_slist_append(struct curl_slist *list, const char *line) {
    return tidings_curl_load() == NULL ? tidings_curl()->slist_append(list, line) : NULL;
}
void tidings_curl_slist_free_all(struct curl_slist *list) {
    if (list != NULL) tidings_curl()->slist_free_all(list);
}
CURLU *tidings_curl_url(void) { return tidings_curl_load() == NULL ? tidings_curl()->url() : NULL; }
void tidings_curl_url_cleanup(CURLU *handle) { tidings_curl()->url_cleanup(handle); }
CURLUcode tidings_curl_url_set(CURLU *handle, CURLUPart part, const char *content, unsigned int flags) {
    return tidings_curl()->url_set(handle, part, content, flags);
}
CURLUcode tidings_curl_url_get(CURLU *handle, CURLUPart part, char **content, unsigned int flags) {
    return tidings_curl()->url_get(handle, part, content, flags);
}
const char *tidings_curl_url_strerror(CURLUcode code) { return tidings_curl()->url_strerror(code); }
void tidings_curl_free(void *pointer) { tidings_curl()->free(pointer); }

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call; each
   wrapper fixes the argument type the option expects. */

CURLcode tidings_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return tidings_curl()->easy_setopt(handle, option, value);
}
CURLcode tidings_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return tidings_curl()->easy_setopt(handle, option, value);
}
CURLcode tidings_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return tidings_curl()->easy_setopt(handle, option, value);
}
CURLcode tidings_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return tidings_curl()->easy_setopt(handle, option, value);
}
CURLcode tidings_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return tidings_curl()->easy_setopt(handle, option, value);
}
/* Used for both CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which share a signature. */
CURLcode tidings_curl_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback value) {
    return tidings_curl()->easy_setopt(handle, option, value);
}
CURLcode tidings_curl_setopt_read_callback(CURL *handle, CURLoption option, curl_read_callback value) {
    return tidings_curl()->easy_setopt(handle, option, value);
}
CURLcode tidings_curl_setopt_debug_callback(CURL *handle, CURLoption option, curl_debug_callback value) {
    return tidings_curl()->easy_setopt(handle, option, value);
}
CURLcode tidings_curl_setopt_xferinfo_callback(CURL *handle, CURLoption option, curl_xferinfo_callback value) {
    return tidings_curl()->easy_setopt(handle, option, value);
}
CURLcode tidings_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return tidings_curl()->easy_getinfo(handle, info, value);
}
CURLcode tidings_curl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return tidings_curl()->easy_getinfo(handle, info, value);
}
CURLcode tidings_curl_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return tidings_curl()->easy_getinfo(handle, info, value);
}
CURLcode tidings_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return tidings_curl()->easy_getinfo(handle, info, value);
}


CURLM *tidings_curl_multi_init(void) {
    return tidings_curl_load() == NULL ? tidings_curl()->multi_init() : NULL;
}
CURLMcode tidings_curl_multi_cleanup(CURLM *multi) { return tidings_curl()->multi_cleanup(multi); }
CURLMcode tidings_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return tidings_curl()->multi_setopt(multi, option, value);
}
CURLMcode tidings_curl_multi_add_handle(CURLM *multi, CURL *handle) {
    return tidings_curl()->multi_add_handle(multi, handle);
}
CURLMcode tidings_curl_multi_remove_handle(CURLM *multi, CURL *handle) {
    return tidings_curl()->multi_remove_handle(multi, handle);
}
CURLMcode tidings_curl_multi_perform(CURLM *multi, int *running) {
    return tidings_curl()->multi_perform(multi, running);
}
CURLMcode tidings_curl_multi_poll(CURLM *multi, int timeout_ms, int *ready) {
    return tidings_curl()->multi_poll(multi, NULL, 0, timeout_ms, ready);
}
/* CURLMsg holds its result in a union, which is clumsy from Swift; only CURLMSG_DONE exists. */
int tidings_curl_multi_next_done(CURLM *multi, CURL **handle, CURLcode *result) {
    int queued = 0;
    CURLMsg *message;
    while ((message = tidings_curl()->multi_info_read(multi, &queued)) != NULL) {
        if (message->msg != CURLMSG_DONE) continue;
        *handle = message->easy_handle;
        *result = message->data.result;
        return 1;
    }
    return 0;
}
const char *tidings_curl_multi_strerror(CURLMcode code) {
    return tidings_curl_load() == NULL ? tidings_curl()->multi_strerror(code) : "libcurl is not available";
}
