// webkit-probe: the floor `bridge host` is measured against (bridge-bench host). The same start as a
// hosted run — a private Xvfb (-displayfd), GTK, an ephemeral WebKitGTK context and view — and one page
// whose script navigates to a custom scheme at once, caught in decide-policy and cancelled, with nothing
// of bridge's around it: no rules, no proxy, no stand-in network, no transcript. It prints the seconds
// from its start to that decision and exits. Written against WebKitGTK's C API directly, on purpose.
// With `--sign-in` (run from the repository's root) it is a bare engine doing the sign-in page's own work
// instead, as an app's view loads it from the network: web/webViewSignIn.html and its files, as
// web/bridge-site.json routes them, served over https by libsoup from two loopback origins of its own
// (127.0.0.1 for the app's, 127.0.0.2 for the widget's CDN; WebKitGTK cannot map the real names to
// loopback without a proxy, so the served text names these origins instead), each trusted for its own
// certificate; the user-agent token and viewport a bridge-enabled app's view has; and the first
// `janrain:` signal's queue drained as an app drains it. It prints the seconds to that drain's answer. Its
// certificate and key are its own and public (below), trusted for loopback in this probe only.
#if WebKit
import CWebKit
import Foundation

let started = Date()

/// Starts Xvfb on a display it picks itself and returns its name and process.
func startXvfb() -> (String, Process)? {
    let xvfb = Process()
    xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
    xvfb.arguments = ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "1280x1024x24", "-nocursor"]
    let out = Pipe()
    xvfb.standardOutput = out
    xvfb.standardError = FileHandle.nullDevice
    do { try xvfb.run() } catch { return nil }
    var text = ""
    while !text.contains("\n") {
        let data = out.fileHandleForReading.availableData
        if data.isEmpty { return nil }
        text += String(decoding: data, as: UTF8.self)
    }
    return (":" + text.trimmingCharacters(in: .whitespacesAndNewlines), xvfb)
}

var display: Process?
if ProcessInfo.processInfo.environment["DISPLAY"] == nil {
    guard let (name, process) = startXvfb() else { print("webkit-probe: no Xvfb"); exit(1) }
    setenv("DISPLAY", name, 1)
    display = process
}
let signIn = CommandLine.arguments.dropFirst().contains("--sign-in")
gtk_init(nil, nil)
let context = webkit_web_context_new_ephemeral()
let view = webkit_web_view_new_with_context(context)!
let window = gtk_offscreen_window_new()
gtk_container_add(UnsafeMutableRawPointer(window!).assumingMemoryBound(to: GtkContainer.self), view)
gtk_widget_show_all(window)
let webView = UnsafeMutableRawPointer(view).assumingMemoryBound(to: WebKitWebView.self)

/// The sign-in's server: the names the page's files use, the loopback origin standing for each, and the
/// files as web/bridge-site.json routes them (an exact URL to a file, a URL ending in `/` to a directory).
final class SignInSite {
    static let pem = """

-----BEGIN CERTIFICATE-----
MIIBlTCCATugAwIBAgIUISYNYXJ7XLjPGY+m593441X2/4kwCgYIKoZIzj0EAwIw
HzEdMBsGA1UEAwwUd2Via2l0LXByb2JlIHNpZ24taW4wIBcNMjYxMTI5MTAxMjEw
WhgPMjEyNjExMDUxMDEyMTBaMB8xHTAbBgNVBAMMFHdlYmtpdC1wcm9iZSBzaWdu
LWluMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEuHnwX+ZVa3jG/ecujQ+y2Gk1
kzOwCH+QxdrvRD9t+0Q9RgTjTYE7SM11QhWNgeKmCbeJfbK7+zlZUHLm9dwkWqNT
MFEwHQYDVR0OBBYEFNR2+c86ZlCQeWXx9QO3hYGwNaoAMB8GA1UdIwQYMBaAFNR2
+c86ZlCQeWXx9QO3hYGwNaoAMA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwID
SAAwRQIhAKFedWr6YoRjuhIGChkCuhpIgdI4as1Wu445GvjvDZxsAiBJCgm/SC86
Gy6uSm477lbN9MqskXdnKGPJQFoZlRT1GA==
-----END CERTIFICATE-----
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg98UFz7NOCHFvdyZs
jsg5aSyldQtdc20abTBDqyoRnAGhRANCAAS4efBf5lVreMb95y6ND7LYaTWTM7AI
f5DF2u9EP237RD1GBONNgTtIzXVCFY2B4qYJt4l9srv7OVlQcub13CRa
-----END PRIVATE KEY-----
"""
    let names = ["https://yourdomain.com", "https://d16s8pqtk4uodx.cloudfront.net"]
    var origins: [String] = []
    let routes: [String: String]
    let server: UnsafeMutablePointer<SoupServer>
    let certificate: UnsafeMutablePointer<GTlsCertificate>

    init?() {
        guard let data = FileManager.default.contents(atPath: "web/bridge-site.json"),
              let site = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let certificate = g_tls_certificate_new_from_pem(Self.pem, -1, nil) else { return nil }
        routes = site["routes"] as? [String: String] ?? [:]
        self.certificate = certificate
        var value = GValue()
        g_value_init(&value, g_tls_certificate_get_type())
        g_value_set_object(&value, certificate)
        var name: UnsafePointer<CChar>? = UnsafePointer(strdup("tls-certificate"))
        server = UnsafeMutableRawPointer(g_object_new_with_properties(soup_server_get_type(), 1, &name, &value)).assumingMemoryBound(to: SoupServer.self)
        free(UnsafeMutableRawPointer(mutating: name))
        g_value_unset(&value)
        for address in ["127.0.0.1", "127.0.0.2"] {
            guard let socket = g_inet_socket_address_new_from_string(address, 0) else { return nil }
            defer { g_object_unref(socket) }
            guard soup_server_listen(server, socket, SOUP_SERVER_LISTEN_HTTPS, nil) != 0 else { return nil }
        }
        var uris = soup_server_get_uris(server)
        while let node = uris {
            let uri = OpaquePointer(node.pointee.data)
            origins.append("https://\(String(cString: g_uri_get_host(uri)!)):\(g_uri_get_port(uri))")
            g_uri_unref(uri)
            uris = node.pointee.next
        }
        origins.sort()
        guard origins.count == 2 else { return nil }
        soup_server_add_handler(server, nil, { _, message, path, _, site in
            guard let message, let path, let site else { return }
            Unmanaged<SignInSite>.fromOpaque(site).takeUnretainedValue().answer(message, path: String(cString: path))
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// The page's address, at its loopback origin.
    var start: String { origins[0] + "/webViewSignIn.html" }

    /// Text with each name replaced by its loopback origin.
    func localized(_ text: String) -> String {
        zip(names, origins).reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    func answer(_ message: OpaquePointer, path: String) {
        let host = soup_message_headers_get_one(soup_server_message_get_request_headers(message), "Host").map { String(cString: $0) } ?? ""
        let address = (origins.firstIndex { $0 == "https://" + host }.map { names[$0] } ?? "") + path
        var file = routes[address].map { "web/" + $0 }
        if file == nil, let prefix = routes.keys.filter({ $0.hasSuffix("/") && address.hasPrefix($0) }).max(by: { $0.count < $1.count }),
           let directory = routes[prefix] {
            file = "web/" + directory + address.dropFirst(prefix.count)
        }
        guard let file, let data = FileManager.default.contents(atPath: file) else {
            soup_server_message_set_status(message, 404, nil)
            return
        }
        let type = file.hasSuffix(".html") ? "text/html" : file.hasSuffix(".css") ? "text/css" : "text/javascript"
        let body = Array(localized(String(decoding: data, as: UTF8.self)).utf8)
        body.withUnsafeBytes { raw in
            soup_server_message_set_response(message, type, SOUP_MEMORY_COPY, raw.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(raw.count))
        }
        soup_server_message_set_status(message, 200, nil)
    }
}

let decide: @convention(c) (UnsafeMutablePointer<WebKitWebView>?, UnsafeMutablePointer<WebKitPolicyDecision>?, WebKitPolicyDecisionType, gpointer?) -> gboolean = { _, decision, type, _ in
    guard type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION, let decision else { return 0 }
    let navigation = UnsafeMutableRawPointer(decision).assumingMemoryBound(to: WebKitNavigationPolicyDecision.self)
    let action = webkit_navigation_policy_decision_get_navigation_action(navigation)
    let uri = webkit_navigation_action_get_request(action).flatMap { webkit_uri_request_get_uri($0) }.map { String(cString: $0) } ?? ""
    if signIn, uri.hasPrefix("janrain:") {
        webkit_policy_decision_ignore(decision)
        guard !draining else { return 1 }
        draining = true
        // The first signal's queue drained, as an app drains it; the time is taken at its answer.
        webkit_web_view_evaluate_javascript(webView, "createJanrainBridge.drain()", -1, nil, nil, nil, { _, _, _ in
            print(String(format: "intercepted %.6f", Date().timeIntervalSince(started)))
            gtk_main_quit()
        }, nil)
        return 1
    }
    guard uri.hasPrefix("probe:") else { return 0 }
    webkit_policy_decision_ignore(decision)
    print(String(format: "intercepted %.6f", Date().timeIntervalSince(started)))
    gtk_main_quit()
    return 1
}
nonisolated(unsafe) var draining = false
g_signal_connect_data(view, "decide-policy", unsafeBitCast(decide, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
var site: SignInSite?
if signIn {
    guard let served = SignInSite() else { print("webkit-probe: cannot serve the sign-in (run from the repository's root)"); exit(1) }
    site = served
    for origin in served.origins {
        webkit_web_context_allow_tls_certificate_for_host(context, served.certificate, String(origin.dropFirst("https://".count).prefix { $0 != ":" }))
    }
    let settings = webkit_web_view_get_settings(webView)
    let agent = webkit_settings_get_user_agent(settings).map { String(cString: $0) } ?? ""
    webkit_settings_set_user_agent(settings, agent + " janrainNativeAppBridgeEnabled")
    gtk_widget_set_size_request(view, 390, 844)
    webkit_web_view_load_uri(webView, served.start)
} else {
    webkit_web_view_load_html(webView, "<!DOCTYPE html><title>probe</title><script>location.href = 'probe:done';</script>", "https://probe.invalid/")
}
gtk_main()
if let display { kill(display.processIdentifier, SIGKILL); display.waitUntilExit() }
#else
print("webkit-probe: built without the WebKit trait (swift build -c release --traits WebKit)")
#endif
