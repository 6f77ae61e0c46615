// RulesReport.swift: what `bridge rules` says of the rules it made, one line an inference: why each rule
// is there, what it refused and why, what the recordings contradict, which records it could not read. Each
// is a value with a stable code and a severity; as text it is a line on standard error after the command's
// name, as JSON a `finding` line of the one schema placed at the first recorded navigation it comes from.
import FindingSeverity
import JSONText
import NavigationPolicy
import NavigationReplay
import RecordingRules
import SecretMasking
import SensitiveText

/// One thing `bridge rules` says: its code, severity, where it was recorded, and its words.
package struct RulesStatement: Sendable {
    package var code: String
    package var severity: Severity
    package var reference: RecordReference?
    package var message: MessageText
}

package enum RulesReport {
    /// Everything said of `inferred`, in order: the records not read, the rules made (read from the rules
    /// themselves), what was left out, refused or changed, the conflicts, the notes.
    package static func statements(_ inferred: InferredRules) -> [RulesStatement] {
        var out = inferred.rejected.map { unread(file: $0.file, $0.record) }
        out += inferred.sentinels.map(statement)
        out += inferred.schemes.map { scheme in
            let what: MessageText = scheme.bridgeProtocol.map { "the \(words: $0.rawValue) bridge" } ?? (scheme.route.map { "deep links to \(quotedPath: $0)" } ?? "every deep link")
            return RulesStatement(code: "rules-scheme", severity: .note, reference: scheme.sources.first,
                                  message: "scheme rule \(quoted: scheme.name): \(input: scheme.scheme): " + what + from(scheme.sources))
        }
        out += inferred.origins.map { origin in
            RulesStatement(code: "rules-origin", severity: .note, reference: origin.sources.first,
                           message: "allow \(url: origin.origin): the flow loaded its pages from it" + from(origin.sources))
        }
        out += inferred.handlers.map { handler in
            handler.handlers.isEmpty
                ? RulesStatement(code: "rules-handler-unknown", severity: .warning, reference: handler.sources.first, message:
                    "handlers \(input: handler.event) → \(input: handler.written.joined(separator: ", ")): the recording delivered the event"
                    + from(handler.sources) + " but does not say to which handler; write your handler's name")
                : RulesStatement(code: "rules-handler", severity: .note, reference: handler.sources.first, message:
                    "handlers \(input: handler.event) → \(input: handler.handlers.joined(separator: ", ")): as the recording delivered it" + from(handler.sources))
        }
        out += inferred.interfaces.map { interface in
            RulesStatement(code: "rules-interface", severity: .note, reference: nil,
                           message: "JavaScript interface \(input: interface.name) with \(input: interface.methods.joined(separator: ", "))")
        }
        out += inferred.inferences.map(statement)
        for conflict in inferred.conflicts {
            out.append(RulesStatement(code: "rules-conflict", severity: .error, reference: conflict.reference, message: conflict.words))
        }
        for note in inferred.notes {
            if case .plainHTTPOrigin(_, let reference) = note {
                out.append(RulesStatement(code: "rules-plain-http", severity: .warning, reference: reference, message: note.words))
            }
        }
        return out
    }

    /// A record of `file` the readers could not read (also what the command says when nothing was read).
    package static func unread(file: String, _ rejected: RejectedRecord) -> RulesStatement {
        RulesStatement(code: "rules-record-unread", severity: .error, reference: RecordReference(file: file, location: rejected.location, seq: 0),
                       message: "\(input: file): \(words: rejected.location.description): " + rejected.reason.words)
    }

    static func at(_ reference: RecordReference) -> MessageText { "\(input: RecordedRulesDocument.reference(reference))" }

    /// ` (where the first source was recorded and how many more)`.
    static func from(_ sources: [RecordReference]) -> MessageText {
        guard let first = sources.first else { return "" }
        return " (" + at(first) + (sources.count > 1 ? .words(" and \(sources.count - 1) more") : "") + ")"
    }

    static func statement(_ sentinel: InferredSentinel) -> RulesStatement {
        let head: MessageText = "sentinel \(quoted: sentinel.name) at \(url: sentinel.redirectURI) requiring \(words: sentinel.require.joined(separator: ", ")): "
        if let parameter = sentinel.requestedBy, let request = sentinel.sources.first {
            return RulesStatement(code: "rules-sentinel-requested", severity: .note, reference: request, message: head
                + "the \(words: parameter) of the authorization request at " + at(request)
                + (parameter == "token_url" ? ", where the provider takes its token (allowed)" : "; no result was recorded there, so the rules cancel what comes"))
        }
        return RulesStatement(code: "rules-sentinel", severity: .note, reference: sentinel.sources.first, message: head
            + (sentinel.action == .cancel ? "a result the app takes" : "a result the app let load") + from(sentinel.sources))
    }

    static func statement(_ inference: RecordingInference) -> RulesStatement {
        switch inference {
        case .resultCancelled(let redirectURI, let loaded, let request):
            return RulesStatement(code: "rules-loose-result", severity: .warning, reference: loaded, message:
                "the result at \(url: redirectURI) loaded at " + at(loaded) + " (the recording's rules were loose); the authorization request at "
                + at(request) + " names it as its redirect_uri, so the rules cancel it and its case expects that")
        case .resultNotOwn(let url, let origin, let throughUserinfo, let reference):
            return RulesStatement(code: "rules-result-not-own", severity: .warning, reference: reference, message:
                "\(url: url) at " + at(reference) + " carries a result to \(url: origin), "
                + (throughUserinfo ? "through userinfo (a browser sends it to that host)" : "an origin no page of the flow loads from and no authorization request names")
                + ": no sentinel; the default cancels it")
        case .credentialInRule(let url, let reference):
            return RulesStatement(code: "rules-credential-in-rule", severity: .warning, reference: reference, message:
                "\(url: url) at " + at(reference) + " carries a credential in its host, path or route: not written into a rule (a deep link's rule takes its whole scheme)")
        case .requestRedirectRefused(let url, let parameter, let reference):
            return RulesStatement(code: "rules-redirect-refused", severity: .warning, reference: reference, message:
                "the \(words: parameter) \(url: url) of the authorization request at " + at(reference)
                + " is no redirect URI a sentinel can name (userinfo, a credential in its host or path, or not http(s)): no rule is made from it")
        case .documentThroughUserinfo(let url, let reference):
            return RulesStatement(code: "rules-userinfo-page", severity: .warning, reference: reference, message:
                "\(url: url) at " + at(reference) + " was loaded through a URL with userinfo: its origin is not allowed")
        case .originRefused(let origin, .variantLoads(let variant, let check), let sources):
            return RulesStatement(code: "rules-origin-refused", severity: .error, reference: sources.first, message:
                "refused to allow \(url: origin)" + from(sources) + ": the attack's \(words: check) variant \(url: variant) would load there with a credential")
        case .originRefused(let origin, .imitates(let real, let check), let sources):
            return RulesStatement(code: "rules-origin-refused", severity: .error, reference: sources.first, message:
                "refused to allow \(url: origin)" + from(sources) + ": its host imitates \(input: real) (the attack's \(words: check)); the rules cancel it")
        case .attackFails(let check, let url, let target):
            return RulesStatement(code: "rules-attack-fails", severity: .error, reference: nil, message:
                "the attack on the rules still fails (\(words: check), \(input: target)): \(url: url)")
        case .bridgeMessageUnread(let entry, let bridge, let problem, let sources):
            return RulesStatement(code: "rules-bridge-message-unread", severity: .warning, reference: sources.first, message:
                "the \(words: bridge.rawValue) message \(url: entry)" + from(sources) + " cannot be read (" + problem.words
                + "): no handler is made for it (the page sent what the app's bridge would refuse)")
        case .interceptsNothing:
            return RulesStatement(code: "rules-intercept-nothing", severity: .error, reference: nil, message:
                "the rules intercept nothing: the recordings hold no result, bridge, deep link, JavaScript interface call or authorization request to take (record the flow until its result)")
        }
    }

    /// A statement as a line of text (without the command's name).
    package static func text(_ statement: RulesStatement, masking redactor: Redactor) -> String {
        (statement.severity == .note ? "" : statement.severity.rawValue + ": ") + redactor.text(statement.message)
    }

    /// A statement as the schema's finding line.
    package static func line(_ statement: RulesStatement, masking redactor: Redactor) -> OutputLine {
        var o = JSONFields()
        // No line names a page's finding (or an inferred rule's): its id is null.
        o.add("id", .null)
        let reference = statement.reference
        OutputLocation(file: reference?.file, line: reference?.location.line, column: nil,
                       path: reference.flatMap { if case .path(let p) = $0.location.place { p } else { nil } }).add(to: &o, path: true, masking: redactor)
        o.add("seq", .int(reference.map(\.seq)))
        o.add("code", statement.code)
        o.add("severity", statement.severity.rawValue)
        o.add("message", redactor.text(statement.message))
        return OutputLine(.finding, o)
    }
}

extension RecordingConflict {
    /// The recorded navigation the conflict is first placed at.
    var reference: RecordReference {
        switch self {
        case .decidedBothWays(_, let cancelled, _), .resultDecidedBothWays(_, _, let cancelled, _): cancelled
        case .tokenLoaded(_, let reference), .formPostNeverAsked(_, let reference), .rulesDisagree(let reference, _, _, _): reference
        }
    }
}
