// ServeEvents.swift: what `bridge serve` prints: the base URL it listens at (its first line) and a line
// per request answered, the URL's secrets masked. OutputEvents of the output module.
import JSONText

/// `bridge serve` listens at this base URL.
package struct Listening: OutputEvent, Hashable {
    package var base: String
    package init(_ base: String) { self.base = base }

    package func textLines(_ text: TranscriptText) -> [String] { [text.safe(base)] }
    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? { OutputLine(.listening, .single("url", .string(base))) }
}

/// A request the emulator failed to answer (an error no provider's answer was made for; answered 500): what
/// Swift said of the error, as foreign text, so a bug in the emulator is seen where it happened.
package struct EmulatorFailure: OutputEvent, Hashable {
    package var method: String
    /// The URL asked for (the Host it was sent to and the request-target), the JSON line's.
    package var url: String
    /// The request-target as the client spelled it, the text line's (as a server's log shows it).
    package var target: String
    package var error: String
    package init(method: String, url: String, target: String, error: String) {
        self.method = method; self.url = url; self.target = target; self.error = error
    }

    package func textLines(_ text: TranscriptText) -> [String] {
        [text.style.red("serve  \(text.safe(method)) \(text.url(target)) failed: ") + text.safe(text.redactor.foreignText(error))]
    }

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        OutputLine(.emulatorFailure, JSONFields([("method", .string(method)), ("url", .string(json.redactor.rawURL(url))),
                                                 ("message", .string(json.redactor.foreignText(error)))]))
    }
}

/// One request the provider emulator answered.
package struct ServedRequest: OutputEvent, Hashable {
    package var method: String
    /// The URL asked for (the Host it was sent to and the request-target), the JSON line's.
    package var url: String
    /// The request-target as the client spelled it, the text line's (as a server's log shows it).
    package var target: String
    package var status: Int
    package init(method: String, url: String, target: String, status: Int) {
        self.method = method; self.url = url; self.target = target; self.status = status
    }

    package func textLines(_ text: TranscriptText) -> [String] {
        // Colour on the status, the field that says something went wrong: 4xx yellow, 5xx red.
        let code = status >= 500 ? text.style.red(String(status)) : status >= 400 ? text.style.yellow(String(status)) : String(status)
        return ["serve  \(text.safe(method)) \(text.url(target)) " + code]
    }

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        OutputLine(.served, JSONFields([("method", .string(method)), ("url", .string(json.redactor.rawURL(url))),
                                        ("status", .int(status))]))
    }
}
