// FuzzURLDifferential: any bytes as a URL, with and without a base, parsed by BrowserURL and by ada (built
// from the ada-url package's sources at fuzz-build time). Oracle: both refuse it, or both make the same
// href. A difference is a bug of ours, unless it is one of ada's divergences from the URL Standard listed
// in `AdaDivergence`, each shown by the WPT case or the Unicode data that decides it.
import FuzzDriver
import BrowserURL
import CAda

let base = "https://yourdomain.com/oauth/signin?x=1#f"

/// ada's href for `input` (against `base` when given), or nil when ada refuses it.
func adaHref(_ input: String, base: String?) -> String? {
    var input = input, base = base
    let url: ada_url = input.withUTF8 { text in
        guard var base else { return ada_parse(text.baseAddress, text.count) }
        return base.withUTF8 { baseText in ada_parse_with_base(text.baseAddress, text.count, baseText.baseAddress, baseText.count) }
    }
    defer { ada_free(url) }
    guard ada_is_valid(url) else { return nil }
    let href = ada_get_href(url)
    return String(decoding: UnsafeRawBufferPointer(start: href.data, count: href.length), as: UTF8.self)
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzURLDifferential(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    // Both parsers read the same text: invalid UTF-8 is replaced as a String replaces it.
    let input = String(decoding: fuzzInput(data, count), as: UTF8.self)
    for relativeTo in [nil, base] {
        let parsed = BrowserURL.parse(input, baseString: relativeTo)
        let ours = try? parsed.get().href
        let theirs = adaHref(input, base: relativeTo)
        if ours != theirs, AdaDivergence.explaining(input: input, ours: parsed, theirs: theirs) == nil {
            fatalError("BrowserURL and ada differ on \(input.debugDescription)\(relativeTo.map { " against \($0)" } ?? ""): ours \(ours.debugDescription) (\(parsed)), ada's \(theirs.debugDescription)")
        }
    }
    return 0
}

runFuzzer(fuzzURLDifferential)
