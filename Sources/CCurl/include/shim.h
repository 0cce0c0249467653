#ifndef TIDINGS_CCURL_SHIM_H
#define TIDINGS_CCURL_SHIM_H

#include <curl/curl.h>

/* libcurl is loaded with dlopen on first use instead of being linked: linking it makes the
   dynamic loader map libcurl and some thirty libraries it needs (TLS, Kerberos, LDAP, …) at
   every start of every program, which more than doubles the cost of an idle `deliver` run
   that never touches the network. The functions below call libcurl through one table of
   function pointers, defined once in shim.c. curl_easy_setopt and curl_easy_getinfo are
   variadic, which Swift cannot call; each wrapper fixes the argument type the option expects. */

/* Loads libcurl once; NULL when it is ready, else why not (thread-safe). */
const char *tidings_curl_load(void);

CURLcode tidings_curl_global_init_default(void);
CURL *tidings_curl_easy_init(void);
void tidings_curl_easy_cleanup(CURL *handle);
void tidings_curl_easy_reset(CURL *handle);
CURLcode tidings_curl_easy_perform(CURL *handle);
const char *tidings_curl_easy_strerror(CURLcode code);
struct curl_slist *tidings_curl_slist_append(struct curl_slist *list, const char *line);
void tidings_curl_slist_free_all(struct curl_slist *list);
CURLU *tidings_curl_url(void);
void tidings_curl_url_cleanup(CURLU *handle);
CURLUcode tidings_curl_url_set(CURLU *handle, CURLUPart part, const char *content, unsigned int flags);
CURLUcode tidings_curl_url_get(CURLU *handle, CURLUPart part, char **content, unsigned int flags);
const char *tidings_curl_url_strerror(CURLUcode code);
void tidings_curl_free(void *pointer);
CURLcode tidings_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode tidings_curl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode tidings_curl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode tidings_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode tidings_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode tidings_curl_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback value);
/* CURLOPT_READFUNCTION: where an upload (an SMTP message) reads its bytes. */
CURLcode tidings_curl_setopt_read_callback(CURL *handle, CURLoption option, curl_read_callback value);
/* CURLOPT_DEBUGFUNCTION: sees the commands an SMTP session sends (with CURLOPT_VERBOSE). */
CURLcode tidings_curl_setopt_debug_callback(CURL *handle, CURLoption option, curl_debug_callback value);
CURLcode tidings_curl_setopt_xferinfo_callback(CURL *handle, CURLoption option, curl_xferinfo_callback value);
CURLcode tidings_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode tidings_curl_getinfo_string(CURL *handle, CURLINFO info, char **value);
CURLcode tidings_curl_getinfo_double(CURL *handle, CURLINFO info, double *value);
CURLcode tidings_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);

/* The multi interface: many transfers on one thread over one pool of kept-alive connections.
   curl_multi_setopt is variadic; tidings_curl_multi_setopt_long fixes its argument type.
   tidings_curl_multi_next_done reads the next finished transfer (1), or says none is left (0). */
CURLM *tidings_curl_multi_init(void);
CURLMcode tidings_curl_multi_cleanup(CURLM *multi);
CURLMcode tidings_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLMcode tidings_curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode tidings_curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode tidings_curl_multi_perform(CURLM *multi, int *running);
CURLMcode tidings_curl_multi_poll(CURLM *multi, int timeout_ms, int *ready);
int tidings_curl_multi_next_done(CURLM *multi, CURL **handle, CURLcode *result);
const char *tidings_curl_multi_strerror(CURLMcode code);

#endif
