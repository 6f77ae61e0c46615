// chromium-probe: the floor `bridge host --engine chromium` is measured against (bridge-bench host). The same
// start as a hosted run in Chromium (Debian's Chromium, headless, the same flags, the DevTools protocol on
// descriptors 3 and 4), one page answered in place through Fetch whose script navigates to a custom scheme at
// once, seen in Page.frameRequestedNavigation (or frameStartedNavigating, which Chromium sends instead when the
// navigation is not scheduled), with nothing of bridge's around it: no rules, no emulator, no
// transcript. It prints the seconds from its start to that navigation and exits. Written directly against
// the protocol on purpose (it shares no code with the host it measures).
// With `--sign-in` (run from the repository's root) it is a bare engine doing the sign-in page's own work
// instead: web/webViewSignIn.html and its files answered from the checkout as web/bridge-site.json routes
// them (web/ for the app's origin, the widget stand-in for the CDN's load.js; 404 for the rest), in the viewport and with the user-agent token a
// bridge-enabled app's web view has, and the first `janrain:` signal's queue drained as an app drains it;
// it prints the seconds to that drain's answer.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

let started = Date()
let installed = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
guard let executable = installed else { print("chromium-probe: Chromium is not installed (apt-get install chromium)"); exit(1) }
signal(SIGPIPE, SIG_IGN)

var commands: [Int32] = [0, 0], events: [Int32] = [0, 0]
guard pipe(&commands) == 0, pipe(&events) == 0 else { print("chromium-probe: no pipe"); exit(1) }
let childReads = fcntl(commands[0], F_DUPFD, 10), childWrites = fcntl(events[1], F_DUPFD, 10)
var actions = posix_spawn_file_actions_t()
posix_spawn_file_actions_init(&actions)
posix_spawn_file_actions_adddup2(&actions, childReads, 3)
posix_spawn_file_actions_adddup2(&actions, childWrites, 4)
posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-probe-\(getpid())").path
let arguments: [String] = [executable, "--remote-debugging-pipe", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--hide-scrollbars", "--user-data-dir=" + profile, "--window-size=390,844", "--disable-site-isolation-trials",
            "--disable-features=IsolateOrigins,site-per-process", "about:blank"]
let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
// In a process group of its own, so that its helpers end with it before the profile is removed.
var attributes = posix_spawnattr_t()
posix_spawnattr_init(&attributes)
posix_spawnattr_setpgroup(&attributes, 0)
posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
var child: pid_t = 0
guard posix_spawn(&child, executable, &actions, &attributes, argv, environ) == 0 else { print("chromium-probe: cannot start Chromium"); exit(1) }
close(commands[0]); close(events[1]); close(childReads); close(childWrites)
let toBrowser = commands[1], fromBrowser = events[0]

var nextID = 0
@MainActor func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil) -> Int {
    nextID += 1
    var message: [String: Any] = ["id": nextID, "method": method, "params": params]
    if let session { message["sessionId"] = session }
    var data = (try? JSONSerialization.data(withJSONObject: message)) ?? Data()
    data.append(0)
    _ = data.withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
    return nextID
}

let page = Data("<!DOCTYPE html><title>probe</title><script>location.href = 'probe:done';</script>".utf8).base64EncodedString()
let signIn = CommandLine.arguments.dropFirst().contains("--sign-in")
let start = signIn ? "https://yourdomain.com/webViewSignIn.html" : "https://probe.invalid/"
/// The sign-in's files as web/bridge-site.json routes them (an exact URL to a file, a URL ending in `/` to a
/// directory), read with Foundation's JSON (the probe shares no code with the host's site reader).
let routes: [String: String] = {
    guard signIn, let data = FileManager.default.contents(atPath: "web/bridge-site.json"),
          let site = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return [:] }
    return site["routes"] as? [String: String] ?? [:]
}()
/// The status, Content-Type and body for a requested URL.
func answer(_ url: String) -> (Int, String, Data) {
    guard signIn else { return (200, "text/html", Data(base64Encoded: page) ?? Data()) }
    let address = url.split(separator: "?").first.map(String.init) ?? url
    var file = routes[address].map { "web/" + $0 }
    if file == nil, let prefix = routes.keys.filter({ $0.hasSuffix("/") && address.hasPrefix($0) }).max(by: { $0.count < $1.count }),
       let directory = routes[prefix] {
        file = "web/" + directory + address.dropFirst(prefix.count)
    }
    guard let file, let data = FileManager.default.contents(atPath: file) else { return (404, "text/plain", Data()) }
    let type = file.hasSuffix(".html") ? "text/html" : file.hasSuffix(".css") ? "text/css" : "text/javascript"
    return (200, type, data)
}
var drainID = 0
var buffer = [UInt8](), chunk = [UInt8](repeating: 0, count: 65536)
var session: String?
var attachID = 0, fetchID = 0
let createID = send("Target.createTarget", ["url": "about:blank"])
var intercepted = false
reading: while !intercepted {
    let count = read(fromBrowser, &chunk, chunk.count)
    if count <= 0 { break }
    buffer.append(contentsOf: chunk[0..<count])
    while let end = buffer.firstIndex(of: 0) {
        let line = Data(buffer[..<end])
        buffer.removeSubrange(...end)
        guard let message = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] else { continue }
        let result = message["result"] as? [String: Any] ?? [:]
        if message["id"] as? Int == createID, let target = result["targetId"] as? String {
            attachID = send("Target.attachToTarget", ["targetId": target, "flatten": true])
        } else if attachID != 0, message["id"] as? Int == attachID, let id = result["sessionId"] as? String {
            session = id
            _ = send("Page.enable", session: id)
            if signIn {
                _ = send("Emulation.setUserAgentOverride", ["userAgent": "Mozilla/5.0 (Linux; Android 14) Chrome Mobile Safari/537.36 janrainNativeAppBridgeEnabled"], session: id)
                _ = send("Emulation.setDeviceMetricsOverride", ["width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": true], session: id)
            }
            fetchID = send("Fetch.enable", ["patterns": [["urlPattern": "*", "requestStage": "Request"]]], session: id)
        } else if fetchID != 0, message["id"] as? Int == fetchID {
            // Navigated once the browser has said it intercepts, as the host does.
            _ = send("Page.navigate", ["url": start], session: session)
        } else if message["method"] as? String == "Fetch.requestPaused", let params = message["params"] as? [String: Any],
                  let request = params["requestId"] as? String {
            let (status, type, body) = answer((params["request"] as? [String: Any])?["url"] as? String ?? "")
            _ = send("Fetch.fulfillRequest", ["requestId": request, "responseCode": status, "body": body.base64EncodedString(),
                                              "responseHeaders": [["name": "Content-Type", "value": type]]], session: session)
        } else if ["Page.frameRequestedNavigation", "Page.frameStartedNavigating"].contains(message["method"] as? String ?? ""),
                  let params = message["params"] as? [String: Any], let url = params["url"] as? String {
            if !signIn && url.hasPrefix("probe:") {
                print(String(format: "intercepted %.6f", Date().timeIntervalSince(started)))
                intercepted = true
                continue reading
            }
            if signIn && url.hasPrefix("janrain:") && drainID == 0 {
                drainID = send("Runtime.evaluate", ["expression": "createJanrainBridge.drain()", "returnByValue": true], session: session)
            }
        } else if drainID != 0, message["id"] as? Int == drainID {
            print(String(format: "intercepted %.6f", Date().timeIntervalSince(started)))
            intercepted = true
            continue reading
        }
    }
}
kill(-child, SIGTERM)
var status: Int32 = 0
waitpid(child, &status, 0)
kill(-child, SIGKILL)
// The folder of the profile lock's socket, which Chromium leaves when stopped by a signal, then the profile.
if let socket = try? FileManager.default.destinationOfSymbolicLink(atPath: profile + "/SingletonSocket"),
   (socket as NSString).deletingLastPathComponent.contains("/org.chromium.Chromium.") {
    try? FileManager.default.removeItem(atPath: (socket as NSString).deletingLastPathComponent)
}
try? FileManager.default.removeItem(atPath: profile)
exit(intercepted ? 0 : 1)
