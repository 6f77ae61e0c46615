// webkit-probe: the floor `bridge host` is measured against (bridge-bench host). The same start as a
// hosted run — a private Xvfb (-displayfd), GTK, an ephemeral WebKitGTK context and view — and one page
// whose script navigates to a custom scheme at once, caught in decide-policy and cancelled, with nothing
// of bridge's around it: no rules, no proxy, no stand-in network, no transcript. It prints the seconds
// from its start to that decision and exits. Written against WebKitGTK's C API directly, on purpose.
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
gtk_init(nil, nil)
let context = webkit_web_context_new_ephemeral()
let view = webkit_web_view_new_with_context(context)!
let window = gtk_offscreen_window_new()
gtk_container_add(UnsafeMutableRawPointer(window!).assumingMemoryBound(to: GtkContainer.self), view)
gtk_widget_show_all(window)

let decide: @convention(c) (UnsafeMutablePointer<WebKitWebView>?, UnsafeMutablePointer<WebKitPolicyDecision>?, WebKitPolicyDecisionType, gpointer?) -> gboolean = { _, decision, type, _ in
    guard type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION, let decision else { return 0 }
    let navigation = UnsafeMutableRawPointer(decision).assumingMemoryBound(to: WebKitNavigationPolicyDecision.self)
    let action = webkit_navigation_policy_decision_get_navigation_action(navigation)
    let uri = webkit_navigation_action_get_request(action).flatMap { webkit_uri_request_get_uri($0) }.map { String(cString: $0) } ?? ""
    guard uri.hasPrefix("probe:") else { return 0 }
    webkit_policy_decision_ignore(decision)
    print(String(format: "intercepted %.6f", Date().timeIntervalSince(started)))
    gtk_main_quit()
    return 1
}
g_signal_connect_data(view, "decide-policy", unsafeBitCast(decide, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
webkit_web_view_load_html(UnsafeMutableRawPointer(view).assumingMemoryBound(to: WebKitWebView.self),
                          "<!DOCTYPE html><title>probe</title><script>location.href = 'probe:done';</script>", "https://probe.invalid/")
gtk_main()
if let display { kill(display.processIdentifier, SIGKILL); display.waitUntilExit() }
#else
print("webkit-probe: built without the WebKit trait (swift build -c release --traits WebKit)")
#endif
