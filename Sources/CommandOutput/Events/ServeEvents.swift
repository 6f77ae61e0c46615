// ServeEvents.swift: what `bridge serve` prints: the base URL it listens at (its first line) and a line
// per request answered, the target's secrets masked. OutputEvents of the output module.
import JSONText

/// `bridge serve` listens at this base URL.
public struct Listening: OutputEvent, Hashable {
    public var base: String
    public init(_ base: String) { self.base = base }

    public func textLines(_ text: TranscriptText) -> [String] { [text.safe(base)] }
    public func jsonLine(_ json: TranscriptJSON) -> OutputLine? { OutputLine(.listening, .single("url", .string(base))) }
}

/// A request the emulator failed to answer (an error no provider's answer was made for; answered 500): what
/// Swift said of the error, as foreign text, so a bug in the emulator is seen where it happened.
public struct EmulatorFailure: OutputEvent, Hashable {
    public var method: String
    public var target: String
    public var error: String
    public init(method: String, target: String, error: String) {
        self.method = method; self.target = target; self.error = error
    }

    public func textLines(_ text: TranscriptText) -> [String] {
        [text.style.red("serve  \(text.safe(method)) \(text.url(target)) failed: ") + text.safe(text.redactor.foreignText(error))]
    }

    public func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        OutputLine(.emulatorFailure, JSONFields([("method", .string(method)), ("target", .string(json.redactor.rawURL(target))),
                                                 ("message", .string(json.redactor.foreignText(error)))]))
    }
}

/// One request the provider emulator answered.
public struct ServedRequest: OutputEvent, Hashable {
    public var method: String
    /// The path and query.
    public var target: String
    public var status: Int
    public init(method: String, target: String, status: Int) {
        self.method = method; self.target = target; self.status = status
    }

    public func textLines(_ text: TranscriptText) -> [String] {
        // Colour on the status, the field that says something went wrong: 4xx yellow, 5xx red.
        let code = status >= 500 ? text.style.red(String(status)) : status >= 400 ? text.style.yellow(String(status)) : String(status)
        return ["serve  \(text.safe(method)) \(text.url(target)) " + code]
    }

    public func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        OutputLine(.served, JSONFields([("method", .string(method)), ("target", .string(json.redactor.rawURL(target))),
                                        ("status", .int(status))]))
    }
}
