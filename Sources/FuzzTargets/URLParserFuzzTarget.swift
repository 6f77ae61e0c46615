// URLParserFuzzTarget.swift: any bytes as a URL string, with and without a base. Oracle: no crash, a URL
// that parses has a layout consistent with its href (URLLayoutCheck.swift), and it serializes to an href
// that parses again to the same href (the URL Standard's idempotence).
import BrowserURL

public struct URLParserFuzzTarget: Sendable {
    let base = BrowserURL("https://yourdomain.com/oauth/signin?x=1#f")

    public init() {}

    public func run(_ input: UnsafeBufferPointer<UInt8>) throws(FuzzFailure) {
        let text = String(decoding: input, as: UTF8.self)
        for relativeTo in [nil, base] {
            guard case .success(let url) = BrowserURL.parse(text, base: relativeTo) else { continue }
            if let problem = url.layoutProblem {
                throw FuzzFailure("the layout of \(url.href.debugDescription), parsed from \(text.debugDescription), is inconsistent: \(problem)")
            }
            guard case .success(let again) = BrowserURL.parse(url.href) else {
                throw FuzzFailure("href \(url.href.debugDescription) of \(text.debugDescription) does not parse again")
            }
            if again.href != url.href {
                throw FuzzFailure("href \(url.href.debugDescription) re-parses to \(again.href.debugDescription)")
            }
            _ = url.queryParameters
            _ = url.fragmentParameters
        }
    }
}
