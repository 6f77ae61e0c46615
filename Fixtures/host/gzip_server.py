# gzip_server.py: a loopback HTTP server for the inspector's fetch tests. /bomb.html answers a small gzip
# body that inflates to 200 MB of HTML (served gzip-encoded, with no length header); /small.html a small
# gzip page. Prints its port on the first line, serves until killed.
import gzip, http.server, io, socketserver, sys

def gzipped(text: bytes) -> bytes:
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9) as f:
        f.write(text)
    return out.getvalue()

SMALL = gzipped(b"<!DOCTYPE html><html><body><p>small</p></body></html>")
# Built once, in pieces, so the server itself stays small.
out = io.BytesIO()
with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9) as f:
    f.write(b"<!DOCTYPE html><html><body><p>")
    chunk = b"a" * (1 << 20)
    for _ in range(200):
        f.write(chunk)
    f.write(b"</p></body></html>")
BOMB = out.getvalue()

class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = BOMB if self.path.startswith("/bomb.html") else SMALL
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def log_message(self, *args):
        pass

with socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler) as server:
    print(server.server_address[1], flush=True)
    server.serve_forever()
