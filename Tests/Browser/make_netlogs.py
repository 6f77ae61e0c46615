#!/usr/bin/env python3
"""Regenerates Fixtures/logs/*.netlog.json: real NetLogs from Debian's Chromium, trimmed to what a reader needs.

Each scenario serves its pages over HTTPS from this script (a throwaway self-signed certificate; every host is
mapped to it with --host-resolver-rules, and Chromium is told to ignore the certificate), opens the first page
as an app's loadUrl does, waits until the last request of the flow arrives, and stops Chromium with SIGINT so it
closes the log. The log is then trimmed: the browser's own background requests (updates, autofill) and the
events of unrelated sources are dropped, and so are the constants a reader never looks at and the command line.
What stays is byte-for-byte what Chromium wrote for the page's requests.

    python3 Tests/Browser/make_netlogs.py [--out DIRECTORY] [--chromium PATH]

With --out the logs are written there instead of Fixtures/logs (the test suite does this, to check that the
Chromium on the machine still writes what the reader reads).
"""
import http.server, json, os, signal, socket, ssl, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
def option(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv[:-1] else default


CHROMIUM = option("--chromium", "/usr/bin/chromium")
OUT = option("--out", os.path.join(ROOT, "Fixtures", "logs"))

FORM_POST_PAGE = b"""<!DOCTYPE html><html><head><meta charset="utf-8"><title>Signing you in</title></head><body>
<form id="response" method="post" action="https://yourdomain.com/oidc/callback">
<input type="hidden" name="code" value="form-post-code-1"><input type="hidden" name="state" value="Zm9ybS1wb3N0LXN0YXRl">
</form><script>window.addEventListener('load', function () { document.getElementById('response').submit(); });</script>
</body></html>"""

SIGN_IN_PAGE = b"""<!DOCTYPE html><html><head><meta charset="utf-8"><title>Sign in</title><script src="/bridge.js"></script></head>
<body><iframe src="https://tracker.example.net/pixel.html"></iframe>
<script>window.addEventListener('load', function () { setTimeout(function () {
location.href = 'https://myapp.us.janraincapture.com/oauth/authorize?client_id=8fmq2mmz9qrzm6ws4k3z&redirect_uri=https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php&response_type=code&state=bmV0bG9nLXN0YXRlLTAwMQ';
}, 100); });</script></body></html>"""

SCENARIOS = {
    "form-post.netlog.json": {
        "start": "https://idp.example/authorize?response_type=code&response_mode=form_post&client_id=app"
                 "&redirect_uri=https%3A%2F%2Fyourdomain.com%2Foidc%2Fcallback&state=Zm9ybS1wb3N0LXN0YXRl",
        "last": ("POST", "/oidc/callback"),
        "hosts": {"idp.example", "yourdomain.com"},
    },
    "redirect-to-app.netlog.json": {
        "start": "https://yourdomain.com/webViewSignIn.html",
        "last": ("GET", "/session/continue"),
        "hosts": {"yourdomain.com", "myapp.us.janraincapture.com", "tracker.example.net"},
    },
}


class Handler(http.server.BaseHTTPRequestHandler):
    seen = []

    def log_message(self, *args):
        pass

    def answer(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        host = self.headers.get("Host", "")
        path = self.path
        if host == "idp.example" and path.startswith("/authorize"):
            self.answer(200, FORM_POST_PAGE, [("Content-Type", "text/html; charset=utf-8")])
        elif path == "/webViewSignIn.html":
            self.answer(200, SIGN_IN_PAGE, [("Content-Type", "text/html; charset=utf-8")])
        elif path == "/bridge.js":
            self.answer(200, b"window.bridge = {};", [("Content-Type", "text/javascript")])
        elif host == "tracker.example.net":
            self.answer(200, b"<!DOCTYPE html><title>pixel</title>", [("Content-Type", "text/html")])
        elif path.startswith("/oauth/authorize"):
            self.answer(302, b"", [("Location", "/session/continue")])
        elif path == "/session/continue":
            self.answer(302, b"", [("Location", "myapp://password-changed?status=ok")])
        else:
            self.answer(404, b"not found", [("Content-Type", "text/plain")])
        Handler.seen.append(("GET", path.split("?")[0]))

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.answer(200, b"<!DOCTYPE html><title>Signed in</title>", [("Content-Type", "text/html")])
        Handler.seen.append(("POST", self.path.split("?")[0]))


def serve(tmp):
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", f"{tmp}/key.pem",
                    "-out", f"{tmp}/cert.pem", "-days", "1", "-subj", "/CN=bridge-fixture"], check=True,
                   capture_output=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(f"{tmp}/cert.pem", f"{tmp}/key.pem")
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def record(tmp, port, scenario, out):
    Handler.seen = []
    log = f"{tmp}/net.json"
    browser = subprocess.Popen([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                f"--user-data-dir={tmp}/profile", f"--log-net-log={log}",
                                f"--host-resolver-rules=MAP * 127.0.0.1:{port}", "--ignore-certificate-errors",
                                scenario["start"]], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(600):
        if scenario["last"] in Handler.seen:
            break
        time.sleep(0.05)
    else:
        browser.kill()
        sys.exit(f"{out}: the flow never reached {scenario['last']}")
    time.sleep(0.5)
    browser.send_signal(signal.SIGINT)
    browser.wait(timeout=30)
    with open(log) as f:
        netlog = json.load(f)
    os.remove(log)
    return trim(netlog, scenario["hosts"])


def trim(netlog, hosts):
    constants = netlog["constants"]
    types = {v: k for k, v in constants["logEventTypes"].items()}
    sources = {v: k for k, v in constants["logSourceType"].items()}
    keep = set()
    for e in netlog["events"]:
        url = (e.get("params") or {}).get("url", "")
        if sources.get(e["source"]["type"]) == "URL_REQUEST" and types.get(e["type"]) == "REQUEST_ALIVE":
            host = url.split("/")[2].split(":")[0] if "://" in url else ""
            if host in hosts:
                keep.add(e["source"]["id"])
    events = [e for e in netlog["events"] if e["source"]["id"] in keep]
    client = {k: v for k, v in constants["clientInfo"].items() if k in ("name", "version", "version_mod", "os_type")}
    wanted = ("logEventTypes", "logSourceType", "logEventPhase", "loadFlag", "netError", "logFormatVersion", "timeTickOffset")
    trimmed = {k: constants[k] for k in wanted if k in constants}
    trimmed["clientInfo"] = client
    return {"constants": trimmed, "events": events}


def write(path, netlog):
    # Chromium's own layout: the constants on one line, then one event per line.
    with open(path, "w") as f:
        f.write('{"constants":' + json.dumps(netlog["constants"], separators=(",", ":"), sort_keys=True) + ",\n")
        f.write('"events": [\n')
        f.write(",\n".join(json.dumps(e, separators=(",", ":"), sort_keys=True) for e in netlog["events"]))
        f.write("\n]}\n")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        server = serve(tmp)
        port = server.server_address[1]
        for name, scenario in SCENARIOS.items():
            path = os.path.join(OUT, name)
            write(path, record(tmp, port, scenario, name))
            print(path)
        server.shutdown()


if __name__ == "__main__":
    main()
