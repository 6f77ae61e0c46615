// FuzzURLDifferential: libFuzzer's entry to URLDifferentialFuzzTarget (FuzzTargets), whose header says what it
// reads and what its oracle holds, with ada (CAda, built from the ada-url package's sources that `run`
// fetches) as the other parser.
import CAda
import FuzzDriver
import FuzzTargets

/// ada's href for `input` (against `base` when given), or nil when ada refuses it.
@Sendable func adaHref(_ input: String, base: String?) -> String? {
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

let target = URLDifferentialFuzzTarget(other: adaHref)

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    runOne { try target.run(fuzzInput(data, count)) }
}

runFuzzer(fuzzOne)
