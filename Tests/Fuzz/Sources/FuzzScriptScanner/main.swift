// FuzzScriptScanner: any bytes as the text of an inline script, inspected as a page that holds only that
// script (the tokenizer, the statement reader, the settings and navigation checks). Oracle: no crash,
// every finding inside the page.
import FuzzDriver
import FlowInspector

let inspector = Inspector()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzScriptScanner(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = fuzzInput(data, count)
    let page = Array("<html><head><script>\n".utf8) + Array(input) + Array("\n</script></head><body></body></html>".utf8)
    guard case .success(let findings) = inspector.inspect(bytes: page, name: "fuzz.html", directory: nil) else { return 0 }
    let lines = page.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    for finding in findings where finding.position.line < 1 || finding.position.line > lines || finding.position.column < 1 {
        fatalError("finding outside the page: \(finding)")
    }
    return 0
}

runFuzzer(fuzzScriptScanner)
