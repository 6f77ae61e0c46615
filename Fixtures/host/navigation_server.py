#!/usr/bin/env python3
"""navigation_server.py: the small HTTP server the `bridge host` tests start on 127.0.0.1 (or another
loopback address). It serves navigations.html and answers the ways a page reaches an app's custom scheme
through a server: a form POST answered by a 302 to myapp://, and a redirect chain that ends at myapp://.
For the platform model it serves platforms.html, a redirect URI /cb (GET and POST), /to-cb (a 302 to it),
/refresh (a meta refresh to it) and /post-to-cb (a 303 that turns a POST into a GET to it).
Prints its port, then serves until killed. Usage: navigation_server.py [port [address]] (port 0 or none: a
free port; address: 127.0.0.1 unless given, an IPv6 one such as ::1 as it is)."""
import http.server
import os
import socket
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


class Handler(http.server.BaseHTTPRequestHandler):
    def redirect(self, location):
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def page(self, name):
        with open(os.path.join(HERE, name), "rb") as f:
            body = f.read()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = self.path.split("?")[0]
        if path in ("/", "/navigations.html"):
            self.page("navigations.html")
        elif path == "/platforms.html":
            self.page("platforms.html")
        elif path == "/cb":
            self.page("callback.html")
        elif path == "/to-cb":
            self.redirect("/cb?code=1")
        elif path == "/refresh":
            self.page("refresh.html")
        elif path == "/chain/1":
            self.redirect("/chain/2")
        elif path == "/chain/2":
            self.redirect("myapp://chained?step=3")
        else:
            self.send_error(404)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        if self.path == "/post":
            self.redirect("myapp://form-post?status=ok")
        elif self.path == "/cb":
            self.page("callback.html")
        elif self.path == "/post-to-cb":
            self.send_response(303)
            self.send_header("Location", "/cb?code=1")
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            self.send_error(404)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    address = sys.argv[2] if len(sys.argv) > 2 else "127.0.0.1"

    class Server(http.server.ThreadingHTTPServer):
        address_family = socket.AF_INET6 if ":" in address else socket.AF_INET

    server = Server((address, port), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
