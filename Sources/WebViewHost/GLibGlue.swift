// GLibGlue.swift: the two things every WebKitGTK and libsoup caller here needs from GLib: connecting a
// signal to a C trampoline, and a GError taken as text (and freed).
#if WebKit
import CSoup

/// GLib glue: signals and errors.
enum GLibSignal {
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ callback: GCallback, _ data: UnsafeMutableRawPointer?) -> gulong {
        g_signal_connect_data(instance, signal, callback, data, nil, GConnectFlags(rawValue: 0))
    }
}

enum GLibError {
    /// The message of a GError, freed.
    static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
#endif
