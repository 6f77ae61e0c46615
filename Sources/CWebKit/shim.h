// shim.h: WebKitGTK 4.1 (the UI-process API: web view, policy decisions, evaluate-JavaScript) and libsoup 3
// (the stand-in network's HTTP server), as one Clang module for Swift. Built only with the WebKit trait.
#include <webkit2/webkit2.h>
#include <libsoup/soup.h>
#include <glib-unix.h>
