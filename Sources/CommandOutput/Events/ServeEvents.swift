// ServeEvents.swift: what `bridge serve` prints: the base URL it listens at (its first line) and a line
// per request answered, the target's secrets masked. OutputEvents of the output module.
import JSONText

/// `bridge serve` listens at this base URL.
public struct Listening: OutputEvent, Hashable {
    public var base: String
    public init(_ base: String) { self.base = base }

    public func textLines(_ text: TranscriptText) -> [String] { [text.safe(base)] }
    public func jsonObject(_ json: TranscriptJSON) -> JSONFields? { .single("listening", .string(base)) }
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
        let line = "serve  \(text.safe(method)) \(text.url(target)) \(status)"
        return [status >= 400 ? text.style.yellow(line) : line]
    }

    public func jsonObject(_ json: TranscriptJSON) -> JSONFields? {
        .single("served", .object(JSONFields([("method", .string(method)), ("target", .string(json.redactor.rawURL(target))),
                                              ("status", .int(status))])))
    }
}
