// shim.h: libcurl's header, for CPageFetch (which loads the library when a page is first fetched, and so
// names no library to link here).
#include <curl/curl.h>
