// URLEvents.swift: what `bridge url` prints for one input: the URL Standard's components by their spec
// names, or why the input is not a URL. An OutputEvent: a block of text (input, valid, then one component a
// line) and the schema's `url` line, every value through the renderer's Redactor.
import BrowserURL
import JSONText
import SecretMasking

package struct ParsedURL: OutputEvent {
    package var input: String
    package var result: Result<BrowserURL, URLParseError>
    package var location: OutputLocation

    package init(input: String, _ result: Result<BrowserURL, URLParseError>, location: OutputLocation = OutputLocation()) {
        self.input = input
        self.result = result
        self.location = location
    }

    /// The components in the order the URL Standard lists them, by its names.
    package static let componentNames = ["href", "origin", "protocol", "username", "password", "host", "hostname",
                                        "port", "pathname", "search", "hash"]

    /// The JSON line's names for them: the same, but the whole URL is `url`, as on every line that carries
    /// one (the URL Standard's `href`).
    package static let jsonNames = ["url"] + componentNames.dropFirst()

    static func componentValues(_ url: BrowserURL, _ redactor: Redactor) -> [String] {
        let r = redactor.components(of: url)
        return [r.href, r.origin, r.protocol, r.username, r.password, r.host, r.hostname, r.port, r.pathname, r.search, r.hash]
    }

    package func textLines(_ text: TranscriptText) -> [String] {
        var lines = ["input     \(Self.visible(text.redactor.rawURL(input)))"]
        switch result {
        case .success(let url):
            lines.append("valid     " + text.style.green("yes"))
            for (name, value) in zip(Self.componentNames, Self.componentValues(url, text.redactor)) {
                let padded = name + String(repeating: " ", count: max(0, 10 - name.count))
                lines.append(value.isEmpty ? name : padded + text.safe(value))
            }
        case .failure(let error):
            lines.append("valid     " + text.style.red("no"))
            lines.append("error     " + text.style.red(text.safe(text.redactor.text(error.words))))
        }
        return lines
    }

    /// The input as typed, or quoted with escapes when it has controls or edge spaces that would not show.
    static func visible(_ input: String) -> String {
        let hidden = input.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            || input.hasPrefix(" ") || input.hasSuffix(" ") || input.isEmpty
        return Terminal.safe(hidden ? input.debugDescription : input)
    }

    package func jsonLine(_ json: TranscriptJSON) -> OutputLine? {
        var object = JSONFields()
        location.add(to: &object, path: false, masking: json.redactor)
        object.add("input", json.redactor.rawURL(input))
        switch result {
        case .success(let url):
            object.add("valid", true)
            for (name, value) in zip(Self.jsonNames, Self.componentValues(url, json.redactor)) { object.add(name, value) }
            object.add("error", .null)
        case .failure(let error):
            object.add("valid", false)
            for name in Self.jsonNames { object.add(name, .null) }
            object.add("error", error.json(message: json.redactor.text(error.words)))
        }
        return OutputLine(.url, object)
    }
}
