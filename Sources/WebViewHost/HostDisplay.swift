// HostDisplay.swift: the X display a hosted view draws into: --display, else DISPLAY, else a private Xvfb
// (stopped when the host stops). Also the signal mask: a parent that blocks SIGINT and SIGTERM (a test
// runner) would leave them blocked here and in Xvfb, and the host could not be stopped. A display the host
// started is retried briefly while its Xvfb runs (XvfbDisplay.connect); one given is tried once.
#if WebKit
import CSoup
import Foundation
import SensitiveText

struct HostDisplay {
    let name: String
    /// The Xvfb this host started, to be stopped at the end; nil when a display was given.
    let xvfb: XvfbDisplay?

    static func open(_ requested: String?, launched: XvfbLaunch?, webkit: WebKitLibrary, note: (HostNote) -> Void) throws -> HostDisplay {
        StopSignals.unblock()
        var xvfb: XvfbDisplay? = nil
        let name: String
        if let given = XvfbDisplay.given(requested) {
            name = given
            note(.usingDisplay(given))
        } else {
            let started = try launched?.ready() ?? XvfbDisplay.start()
            xvfb = started
            name = started.name
            note(.startedXvfb(display: started.name, pid: started.processIdentifier))
        }
        setenv("DISPLAY", name, 1)
        unsetenv("WAYLAND_DISPLAY")
        webkit.gdk_set_allowed_backends("x11")
        // A display this host started is given two seconds to take its first connection (see
        // `XvfbDisplay.connect`); a display given to it is tried once.
        let (connected, tries) = xvfb?.connect(attempts: 20, interval: 0.1) { webkit.gtk_init_check(nil, nil) != 0 }
            ?? (webkit.gtk_init_check(nil, nil) != 0, 1)
        if connected && tries > 1 { note(.displayRetried(display: name, refusals: tries - 1)) }
        guard connected else {
            let state = xvfb?.state
            xvfb?.stop()
            throw HostError(.displayNotOpened(name: name, requested: requested != nil, xvfbState: state))
        }
        return HostDisplay(name: name, xvfb: xvfb)
    }
}
#endif
