// HostDialogs.swift: how the hosted view answers a page's JavaScript dialogs: as a WKWebView with no UI
// delegate does, so a page that calls alert() goes on instead of stalling the run. alert returns, confirm
// answers false, prompt answers null, and beforeunload lets the navigation go on. No WebKit here: the
// answers are values, tested without the trait; HostedWebView applies them.
import NavigationReplay

package enum HostDialogKind: String, Sendable, CaseIterable {
    case alert, confirm, prompt, beforeunload
}

package enum HostDialogs {
    /// What the page gets back, as JavaScript would print it.
    package static func answer(_ kind: HostDialogKind) -> String {
        switch kind {
        case .alert: return "undefined"
        case .confirm: return "false"
        case .prompt: return "null"
        case .beforeunload: return "leave"
        }
    }

    /// Whether a confirm-like dialog is confirmed: only beforeunload (the navigation goes on).
    package static func confirms(_ kind: HostDialogKind) -> Bool { kind == .beforeunload }

    /// The transcript event for a dialog.
    package static func event(_ kind: HostDialogKind, message: String) -> DialogEvent {
        DialogEvent(kind: kind.rawValue, message: message, answer: answer(kind))
    }
}
