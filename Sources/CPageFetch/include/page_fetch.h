// page_fetch.h: one HTTP(S) GET through libcurl with a body limit applied as the body is received and
// decompressed (the transfer stops at the first byte past it). No libcurl type appears here, so Swift
// never imports curl's variadic API.
#ifndef PAGE_FETCH_H
#define PAGE_FETCH_H

#include <stddef.h>

typedef struct {
    unsigned char *body;   // malloc'd; free with page_fetch_free
    size_t length;
    long status;           // the final HTTP status, 0 when there was no response
    int over_limit;        // 1: the body passed max_bytes and the rest was not read
    char error[256];       // libcurl's message when the transfer failed, else ""
} page_fetch_result;

/// GETs `url` (http or https only, up to 10 redirects), sending `user_agent` and accepting any content
/// encoding libcurl decodes. Returns 0 when a response was read (see status and over_limit), else -1 with
/// `error` set.
int page_fetch(const char *url, const char *user_agent, long timeout_ms, size_t max_bytes, page_fetch_result *out);

void page_fetch_free(page_fetch_result *result);

#endif
