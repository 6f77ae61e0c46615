// chromium-probe: the floor `bridge host --engine chromium` is measured against (bridge-bench host). The same
// start as a hosted run in Chromium (Debian's Chromium, headless, the same flags, the DevTools protocol on
// descriptors 3 and 4), one page answered in place through Fetch whose script navigates to a custom scheme at
// once, seen in Page.frameRequestedNavigation (or frameStartedNavigating, which Chromium sends instead when the
// navigation is not scheduled), with nothing of bridge's around it: no rules, no emulator, no
// transcript. It prints the seconds from its start to that navigation and exits. Written directly against
// the protocol on purpose (it shares no code with the host it measures).
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
var child: pid_t = 0
guard posix_spawn(&child, executable, &actions, nil, argv, environ) == 0 else { print("chromium-probe: cannot start Chromium"); exit(1) }
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
            fetchID = send("Fetch.enable", ["patterns": [["urlPattern": "*", "requestStage": "Request"]]], session: id)
        } else if fetchID != 0, message["id"] as? Int == fetchID {
            // Navigated once the browser has said it intercepts, as the host does.
            _ = send("Page.navigate", ["url": "https://probe.invalid/"], session: session)
        } else if message["method"] as? String == "Fetch.requestPaused", let params = message["params"] as? [String: Any],
                  let request = params["requestId"] as? String {
            _ = send("Fetch.fulfillRequest", ["requestId": request, "responseCode": 200, "body": page,
                                              "responseHeaders": [["name": "Content-Type", "value": "text/html"]]], session: session)
        } else if ["Page.frameRequestedNavigation", "Page.frameStartedNavigating"].contains(message["method"] as? String ?? ""),
                  let params = message["params"] as? [String: Any],
                  (params["url"] as? String ?? "").hasPrefix("probe:") {
            print(String(format: "intercepted %.6f", Date().timeIntervalSince(started)))
            intercepted = true
            continue reading
        }
    }
}
kill(child, SIGTERM)
var status: Int32 = 0
waitpid(child, &status, 0)
try? FileManager.default.removeItem(atPath: profile)
exit(intercepted ? 0 : 1)
