// HostEvents.swift: how `bridge host`'s own events read (the stand-in network's requests, the page's
// script errors and dialogs, --eval's result, the screenshots, how the run ended, the engines compared):
// each one's text line and JSON line, through the renderer's Redactor.
import JSONText
import NavigationPolicy
import SecretMasking
import SensitiveText
import WebViewHost

extension NetworkExchange: OutputEvent {
    package func textLines(_ text: TranscriptText) -> [String] {
        let shown = "       net  \(text.safe(method)) \(text.url(url)) \(status.map(String.init) ?? "---")"
            + (detail.map { "  " + text.safe(text.redactor.text($0.words)) } ?? "")
        return [refused ? text.style.yellow(shown + "  (refused)") : text.style.dim(shown)]
    }

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        var o = JSONFields()
        o.add("method", method)
        o.add("url", json.redactor.rawURL(url))
        o.add("status", .int(status))
        o.add("refused", refused)
        o.add("detail", .string(detail.map { json.redactor.text($0.words) }))
        return OutputLine(.network, o)
    }
}

extension ScriptError: OutputEvent {
    package func textLines(_ text: TranscriptText) -> [String] {
        [TranscriptText.indent + text.style.red("script error") + " " + text.safe(text.redactor.text(words))]
    }

    /// `code`, then where, as members (`url`: the script's, or the load's; `scriptLine`, `scriptColumn`:
    /// 1-based in that script, null when the engine did not say; `frame`), then the words.
    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        var url: String? = nil, scriptLine: Int? = nil, scriptColumn: Int? = nil, frame: String? = nil
        switch self {
        case .page(let source, let line, let column, let isMainFrame, _, _):
            url = source.isEmpty ? nil : source
            (scriptLine, scriptColumn) = (line > 0 ? line : nil, line > 0 && column > 0 ? column : nil)
            frame = TranscriptJSON.frame(isMain: isMainFrame)
        case .loadFailed(let address, _), .loadNotRendered(let address, _): url = address
        default: break
        }
        return OutputLine(.scriptError, JSONFields([("code", .string(code)), ("url", .string(url.map(json.redactor.rawURL))),
                                                    ("scriptLine", .int(scriptLine)), ("scriptColumn", .int(scriptColumn)),
                                                    ("frame", .string(frame)), ("message", .string(json.redactor.text(words)))]))
    }
}

extension DialogEvent: OutputEvent {
    package func textLines(_ text: TranscriptText) -> [String] {
        ["    dialog  \(kind.rawValue) " + text.safe(text.redactor.foreignText(message).debugDescription) + " → " + answerText]
    }

    /// The answer as JavaScript prints it (the text form).
    var answerText: String {
        switch answer {
        case .undefined: "undefined"
        case .null: "null"
        case .confirmed(let confirmed): String(confirmed)
        }
    }

    /// `dialogType` (alert, confirm, prompt, beforeunload), the message, and `answer` as JSON: null for
    /// `undefined` and a dismissed prompt, a boolean for a confirmation.
    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        let answer: JSONOutput
        switch self.answer {
        case .undefined, .null: answer = .null
        case .confirmed(let confirmed): answer = .bool(confirmed)
        }
        return OutputLine(.dialog, JSONFields([("dialogType", .string(kind.rawValue)), ("message", .string(json.redactor.foreignText(message))),
                                               ("answer", answer)]))
    }
}

extension ConsoleMessage: OutputEvent {
    package func textLines(_ text: TranscriptText) -> [String] {
        let label = "   console  \(level.rawValue)"
        let styled = level == .error ? text.style.red(label) : level == .warn ? text.style.yellow(label) : text.style.dim(label)
        return [styled + " " + text.safe(text.redactor.foreignText(message)) + (charactersLeftOut > 0 ? text.style.dim(" …(\(charactersLeftOut) more characters)") : "")]
    }

    /// `level`, the message (text the page wrote: masked as foreign text), how many characters were cut from
    /// it (0 when whole), and the frame.
    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        OutputLine(.console, JSONFields([("level", .string(level.rawValue)), ("message", .string(json.redactor.foreignText(message))),
                                         ("leftOut", .int(charactersLeftOut)), ("frame", .string(TranscriptJSON.frame(isMain: isMainFrame)))]))
    }
}

extension EvalResult: OutputEvent {
    package func textLines(_ text: TranscriptText) -> [String] {
        ["      eval  → " + text.safe(TranscriptJSON(redactor: text.redactor, explain: false).redactJSONText(json))]
    }

    /// `result`: what the script returned, as JSON text with its secret keys masked (a script may return
    /// anything, `undefined` included, which is not JSON).
    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? { OutputLine(.eval, .single("result", .string(json.redactJSONText(self.json)))) }
}

extension ScreenshotTaken: OutputEvent {
    package func textLines(_ text: TranscriptText) -> [String] {
        [text.style.dim("  screenshot  after \(text.safe(after)) (seq \(seq)) → \(text.safe(path))")]
    }

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        OutputLine(.screenshot, JSONFields([("imageFile", .string(path)), ("seq", .int(seq)), ("after", .string(after))]))
    }
}

extension HostReport: OutputEvent {
    package func textLines(_ text: TranscriptText) -> [String] {
        let alive = finalURL.map { "the page still answers at " + text.url($0) } ?? "the page did not answer at the end"
        let first = firstInterception.map { "first interception at " + TranscriptText.seconds($0) } ?? "nothing intercepted"
        let reason = text.safe(text.redactor.text(stopReason.words))
        let stop = reached ? text.style.green("stopped: \(reason)") : text.style.red("failed: \(reason)")
        // What the engine wrote that may explain a failure, a line each, under it.
        let said = failures.flatMap(\.engineSaid).map { text.style.dim("    engine said: " + text.safe(text.redactor.foreignText($0))) }
        return ["  \(stop); \(first); \(alive)"] + said
    }

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        let redactor = json.redactor
        var o = JSONFields()
        o.add("until", until)
        o.add("reached", reached)
        o.add("stop", redactor.text(stopReason.words))
        o.add("url", .string(finalURL.map(redactor.rawURL)))
        o.add("firstInterceptionMs", .int(firstInterception.map { Int(($0 * 1000).rounded()) }))
        o.add("failures", .array(failures.map { failure in
            .object(JSONFields([("code", .string(failure.kind.rawValue)), ("message", .string(redactor.text(failure.words))),
                                ("engineSaid", .array(failure.engineSaid.map { .string(redactor.foreignText($0)) }))]))
        }))
        return OutputLine(.hostResult, o)
    }
}

/// The comparison in the transcript: agreement, or the first difference with both sides.
package struct EngineComparisonEvent: OutputEvent {
    package let comparison: EngineComparison
    package init(_ comparison: EngineComparison) { self.comparison = comparison }

    static func describe(_ step: EngineStep?, _ text: (String) -> String) -> String {
        guard let step else { return "nothing (its run had ended)" }
        if let call = step.call { return "call \(call)(…)" }
        return "\(step.decision.rawValue) \(step.kind.rawValue)\(step.rule.map { " \($0.debugDescription)" } ?? "") \(text(step.url))"
    }

    package func textLines(_ text: TranscriptText) -> [String] {
        guard let index = comparison.firstDifference else {
            return ["  " + text.style.green("engines: webkit and chromium did the same \(comparison.webkit.count) steps")]
        }
        let webkit = index < comparison.webkit.count ? comparison.webkit[index] : nil
        let chromium = index < comparison.chromium.count ? comparison.chromium[index] : nil
        return ["  " + text.style.red("engines differ at step \(index + 1):"),
                "    webkit (iOS):       " + Self.describe(webkit, text.url),
                "    chromium (Android): " + Self.describe(chromium, text.url)]
    }

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        func step(_ index: Int, _ steps: [EngineStep]) -> JSONOutput {
            guard index < steps.count else { return .null }
            let s = steps[index]
            if let call = s.call {
                return .object(JSONFields([("call", .string(call)), ("url", .null), ("decision", .null), ("kind", .null), ("rule", .null)]))
            }
            return .object(JSONFields([("call", .null), ("url", .string(json.redactor.rawURL(s.url))), ("decision", .string(s.decision.rawValue)),
                                       ("kind", .string(s.kind.rawValue)), ("rule", .string(s.rule))]))
        }
        var fields = JSONFields([("agree", .bool(comparison.firstDifference == nil)), ("webkitSteps", .int(comparison.webkit.count)),
                                 ("chromiumSteps", .int(comparison.chromium.count))])
        fields.add("firstDifference", comparison.firstDifference.map { index in
            .object(JSONFields([("step", .int(index + 1)), ("webkit", step(index, comparison.webkit)),
                                ("chromium", step(index, comparison.chromium))]))
        } ?? .null)
        return OutputLine(.engines, fields)
    }
}

extension HostOutput {
    /// The transcript event this output prints as; nil for a note (said on standard error with --verbose).
    package var event: (any OutputEvent)? {
        switch self {
        case .navigation(let n): n
        case .call(let c): c
        case .rejected(let r): r
        case .finding(let f): f
        case .network(let exchange): exchange
        case .scriptError(let error): error
        case .dialog(let dialog): dialog
        case .console(let message): message
        case .eval(let result): result
        case .screenshot(let screenshot): screenshot
        case .note: nil
        }
    }
}
