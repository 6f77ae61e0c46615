// FuzzURLParser: any bytes as a URL string, with and without a base. Oracle: no crash, a URL that parses
// has a layout consistent with its href (URLLayoutCheck.swift), and it serializes to an href that parses
// again to the same href (the URL Standard's idempotence).
import FuzzDriver
import BrowserURL

let base = BrowserURL("https://yourdomain.com/oauth/signin?x=1#f")!

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzURLParser(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = String(decoding: fuzzInput(data, count), as: UTF8.self)
    for relativeTo in [nil, base] {
        guard case .success(let url) = BrowserURL.parse(input, base: relativeTo) else { continue }
        if let problem = url.layoutProblem {
            fatalError("the layout of \(url.href.debugDescription), parsed from \(input.debugDescription), is inconsistent: \(problem)")
        }
        guard case .success(let again) = BrowserURL.parse(url.href) else {
            fatalError("href \(url.href.debugDescription) of \(input.debugDescription) does not parse again")
        }
        if again.href != url.href {
            fatalError("href \(url.href.debugDescription) re-parses to \(again.href.debugDescription)")
        }
        _ = url.queryParameters
        _ = url.fragmentParameters
    }
    return 0
}

runFuzzer(fuzzURLParser)
