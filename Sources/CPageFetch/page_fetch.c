// page_fetch.c: the inspector's page fetch on libcurl (Debian: libcurl4-openssl-dev). Written as a C shim
// because curl_easy_setopt is variadic (Swift cannot call it), and because the limit has to act inside
// libcurl's write callback: Foundation's URLSession on Linux buffers a whole body, decompressed, before a
// delegate can stop it (3 GB of memory for a 3 GB answer to a 1 MB limit). Here the callback refuses the
// first chunk past the limit and libcurl stops reading, so memory is the limit plus one chunk, gzip bombs
// included (libcurl inflates chunk by chunk, through this callback).
// libcurl is loaded the first time a page is fetched (dlopen), not linked: linked, it and the twelve
// libraries it pulls in (OpenSSL, LDAP, SASL, SSH, RTMP, GnuTLS, ...) were loaded and their symbols resolved
// at the start of every bridge command, for the few runs that fetch a URL.
#include "page_fetch.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __APPLE__
#define LIBCURL_NAME "libcurl.4.dylib"
#else
#define LIBCURL_NAME "libcurl.so.4"
#endif

/// The libcurl functions the fetch calls, found in the library once it is loaded.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
} curl_api;

/// Why libcurl could not be loaded, or "" when it was.
static char load_error[200] = "";

typedef struct {
    page_fetch_result *out;
    size_t max_bytes;
    size_t capacity;
} sink;

static size_t write_body(char *data, size_t size, size_t count, void *context) {
    sink *s = (sink *)context;
    size_t n = size * count;
    if (s->out->length + n > s->max_bytes) {
        s->out->over_limit = 1;
        return 0;  // libcurl aborts the transfer with CURLE_WRITE_ERROR
    }
    if (s->out->length + n > s->capacity) {
        size_t capacity = s->capacity ? s->capacity : 65536;
        while (capacity < s->out->length + n) capacity *= 2;
        if (capacity > s->max_bytes) capacity = s->max_bytes;
        unsigned char *grown = realloc(s->out->body, capacity);
        if (!grown) return 0;
        s->out->body = grown;
        s->capacity = capacity;
    }
    memcpy(s->out->body + s->out->length, data, n);
    s->out->length += n;
    return n;
}

static pthread_once_t global_init_once = PTHREAD_ONCE_INIT;

static void global_init(void) {
    void *library = dlopen(LIBCURL_NAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error, "libcurl is not installed (%s; Debian: apt-get install libcurl4)", dlerror());
        return;
    }
    *(void **)&curl_api.global_init = dlsym(library, "curl_global_init");
    *(void **)&curl_api.easy_init = dlsym(library, "curl_easy_init");
    *(void **)&curl_api.easy_setopt = dlsym(library, "curl_easy_setopt");
    *(void **)&curl_api.easy_perform = dlsym(library, "curl_easy_perform");
    *(void **)&curl_api.easy_getinfo = dlsym(library, "curl_easy_getinfo");
    *(void **)&curl_api.easy_cleanup = dlsym(library, "curl_easy_cleanup");
    *(void **)&curl_api.easy_strerror = dlsym(library, "curl_easy_strerror");
    if (!curl_api.global_init || !curl_api.easy_init || !curl_api.easy_setopt || !curl_api.easy_perform
        || !curl_api.easy_getinfo || !curl_api.easy_cleanup || !curl_api.easy_strerror) {
        snprintf(load_error, sizeof load_error, "%s lacks the easy interface", LIBCURL_NAME);
        return;
    }
    curl_api.global_init(CURL_GLOBAL_DEFAULT);
}

int page_fetch(const char *url, const char *user_agent, long timeout_ms, size_t max_bytes, page_fetch_result *out) {
    memset(out, 0, sizeof *out);
    // Once per process, whichever thread comes first (the inspector's checks may fetch from several).
    pthread_once(&global_init_once, global_init);
    if (load_error[0]) {
        strncpy(out->error, load_error, sizeof out->error - 1);
        return -1;
    }
    CURL *curl = curl_api.easy_init();
    if (!curl) {
        strncpy(out->error, "libcurl could not start", sizeof out->error - 1);
        return -1;
    }
    sink s = { out, max_bytes, 0 };
    char message[CURL_ERROR_SIZE] = "";
    curl_api.easy_setopt(curl, CURLOPT_URL, url);
    curl_api.easy_setopt(curl, CURLOPT_USERAGENT, user_agent);
    curl_api.easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    curl_api.easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_api.easy_setopt(curl, CURLOPT_MAXREDIRS, 10L);
#if LIBCURL_VERSION_NUM >= 0x075500
    curl_api.easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_api.easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
    curl_api.easy_setopt(curl, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    curl_api.easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
    curl_api.easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl_api.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_api.easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)max_bytes);
    curl_api.easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_body);
    curl_api.easy_setopt(curl, CURLOPT_WRITEDATA, &s);
    curl_api.easy_setopt(curl, CURLOPT_ERRORBUFFER, message);
    CURLcode code = curl_api.easy_perform(curl);
    curl_api.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &out->status);
    curl_api.easy_cleanup(curl);
    if (code == CURLE_FILESIZE_EXCEEDED) out->over_limit = 1;
    if (out->over_limit) return 0;
    if (code != CURLE_OK) {
        strncpy(out->error, message[0] ? message : curl_api.easy_strerror(code), sizeof out->error - 1);
        return -1;
    }
    return 0;
}

void page_fetch_free(page_fetch_result *result) {
    free(result->body);
    result->body = NULL;
    result->length = 0;
}
