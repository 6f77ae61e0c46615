// URLDifferentialFuzzTarget.swift: any bytes as a URL, with and without a base, parsed by BrowserURL and by
// ada (which the caller brings: Tests/Fuzz builds it from the ada-url package's sources at fuzz-build time).
// Oracle: both refuse it, or both make the same href. A difference is a bug of ours, unless it is one of
// ada's divergences from the URL Standard listed in `AdaDivergence`, each shown by the WPT case or the
// Unicode data that decides it.
import BrowserURL

public struct URLDifferentialFuzzTarget: Sendable {
    /// The other parser: the href it makes of a URL against a base (or none), or nil when it refuses it.
    public typealias Parser = @Sendable (_ input: String, _ base: String?) -> String?

    let base = "https://yourdomain.com/oauth/signin?x=1#f"
    let other: Parser

    public init(other: @escaping Parser) { self.other = other }

    public func run(_ input: UnsafeBufferPointer<UInt8>) throws(FuzzFailure) {
        // Both parsers read the same text: invalid UTF-8 is replaced as a String replaces it.
        let text = String(decoding: input, as: UTF8.self)
        for relativeTo in [nil, base] {
            let parsed = BrowserURL.parse(text, baseString: relativeTo)
            let ours = try? parsed.get().href
            let theirs = other(text, relativeTo)
            if ours != theirs, AdaDivergence.explaining(input: text, ours: parsed, theirs: theirs) == nil {
                throw FuzzFailure("BrowserURL and ada differ on \(text.debugDescription)\(relativeTo.map { " against \($0)" } ?? ""): ours \(ours.debugDescription) (\(parsed)), ada's \(theirs.debugDescription)")
            }
        }
    }
}
