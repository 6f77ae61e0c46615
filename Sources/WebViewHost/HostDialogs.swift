// HostDialogs.swift: how the hosted view answers a page's JavaScript dialogs: as a WKWebView with no UI
// delegate does, so a page that calls alert() goes on instead of stalling the run. alert returns, confirm
// answers false, prompt answers null, and beforeunload lets the navigation go on. No WebKit here: the
// answers are values, tested without the trait; HostedWebView applies them.
import NavigationReplay

package enum HostDialogKind: String, Sendable, CaseIterable {
    case alert, confirm, prompt, beforeunload
}

/// What a dialog's call returns to the page: `undefined` (alert), a confirmation (confirm: false; a
/// beforeunload's "leave this page?": true), or `null` (a prompt dismissed).
package enum HostDialogAnswer: Sendable, Hashable {
    case undefined, null
    case confirmed(Bool)
}

package enum HostDialogs {
    /// What the page gets back.
    package static func answer(_ kind: HostDialogKind) -> HostDialogAnswer {
        switch kind {
        case .alert: return .undefined
        case .confirm: return .confirmed(false)
        case .prompt: return .null
        case .beforeunload: return .confirmed(true)
        }
    }

    /// Whether a confirm-like dialog is confirmed: only beforeunload (the navigation goes on).
    package static func confirms(_ kind: HostDialogKind) -> Bool { kind == .beforeunload }

    /// The transcript event for a dialog.
    package static func event(_ kind: HostDialogKind, message: String) -> DialogEvent {
        DialogEvent(kind: kind, message: message)
    }
}
