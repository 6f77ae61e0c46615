"""Runs one page in Debian's Chromium, headless, driven over the DevTools protocol on a pipe
(--remote-debugging-pipe: JSON messages ended by a NUL byte, the browser reading fd 3 and writing fd 4; no
WebSocket, no download), evaluates one expression in it (awaiting its promise), prints the value as JSON,
and with a third argument writes a PNG screenshot there. Test tooling for the dashboard's browser check;
a page that never answers ends the run after 30 s with a non-zero status. With CHROMIUM_PAGE_PHONE=1 in the
environment the page is laid out as a phone's (390 by 844 CSS pixels, a mobile viewport).
Usage: python3 chromium_page.py URL EXPRESSION [SCREENSHOT.png]"""
import base64
import fcntl
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

url, expression = sys.argv[1], sys.argv[2]
screenshot = sys.argv[3] if len(sys.argv) > 3 else None
chromium = next(p for p in ["/usr/bin/chromium", "/usr/bin/chromium-browser"] if os.access(p, os.X_OK))

to_browser_read, to_browser_write = os.pipe()
from_browser_read, from_browser_write = os.pipe()


def give_pipes():
    # Moved above any low number first, so that placing one cannot overwrite the other; dup2 onto another
    # number makes the copy inheritable.
    reads, writes = fcntl.fcntl(to_browser_read, fcntl.F_DUPFD, 10), fcntl.fcntl(from_browser_write, fcntl.F_DUPFD, 10)
    os.dup2(reads, 3)
    os.dup2(writes, 4)


profile = tempfile.mkdtemp(prefix="bridge-chromium-")
# In a session of its own, so that the end below stops the browser's helpers with it.
browser = subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                            "--window-size=1000,1200", "--remote-debugging-pipe", "--user-data-dir=" + profile, "about:blank"],
                           preexec_fn=give_pipes, close_fds=False, start_new_session=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.close(to_browser_read)
os.close(from_browser_write)
deadline = time.monotonic() + 30
buffered, next_id = b"", 0


def call(method, params=None, session=None):
    global buffered, next_id
    next_id += 1
    message = {"id": next_id, "method": method, "params": params or {}}
    if session:
        message["sessionId"] = session
    os.write(to_browser_write, json.dumps(message).encode() + b"\0")
    while True:
        while b"\0" not in buffered:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([from_browser_read], [], [], left)[0]:
                sys.exit(f"chromium_page: no answer to {method} within 30 s")
            chunk = os.read(from_browser_read, 65536)
            if not chunk:
                sys.exit("chromium_page: the browser closed the pipe")
            buffered += chunk
        line, buffered = buffered.split(b"\0", 1)
        answer = json.loads(line)
        if answer.get("id") == next_id:
            if "error" in answer:
                sys.exit(f"chromium_page: {method}: {answer['error']}")
            return answer["result"]


try:
    target = call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    call("Page.enable", session=session)
    if os.environ.get("CHROMIUM_PAGE_PHONE") == "1":
        call("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}, session=session)
    call("Page.navigate", {"url": url}, session=session)
    result = call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True}, session=session)
    if "exceptionDetails" in result:
        sys.exit(f"chromium_page: the expression threw: {result['exceptionDetails']}")
    if screenshot:
        with open(screenshot, "wb") as out:
            out.write(base64.b64decode(call("Page.captureScreenshot", {"format": "png"}, session=session)["data"]))
    print(json.dumps(result["result"].get("value")))
finally:
    # The browser and its helpers stopped, then its profile and the folder of its lock's socket (which
    # Chromium makes in the temporary folder and leaves when stopped by a signal) removed.
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(browser.pid, sig)
        except ProcessLookupError:
            pass
        if sig == signal.SIGTERM:
            try:
                browser.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
    browser.wait()
    try:
        socket_folder = os.path.dirname(os.readlink(os.path.join(profile, "SingletonSocket")))
        if os.path.basename(socket_folder).startswith("org.chromium.Chromium."):
            shutil.rmtree(socket_folder, ignore_errors=True)
    except OSError:
        pass
    shutil.rmtree(profile, ignore_errors=True)
