// shim.h: libsoup 3 (the stand-in network's HTTP server and its client to a running bridge serve) with the
// GLib and GIO it is built on, as one Clang module for Swift. Built only with the WebKit trait. WebKitGTK
// itself is not here: WebViewHost loads it when a web view is made (WebKitLibrary.swift says why).
#include <libsoup/soup.h>
#include <glib-unix.h>
