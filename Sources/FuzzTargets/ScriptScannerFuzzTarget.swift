// ScriptScannerFuzzTarget.swift: any bytes as the text of an inline script, inspected as a page that holds
// only that script (the tokenizer, the statement reader, the settings and navigation checks). Oracle: no
// crash, every finding inside the page. The page's lines are counted with libc's memchr, not a Swift loop:
// every comparison in instrumented code is traced, and a count of the input's newlines is the harness's, not
// the scanner's, so it should cost the run nothing it could spend fuzzing.
import FlowInspector
import Foundation

public struct ScriptScannerFuzzTarget: Sendable {
    let inspector = Inspector()
    let head = Array("<html><head><script>\n".utf8), tail = Array("\n</script></head><body></body></html>".utf8)

    public init() {}

    public func run(_ input: UnsafeBufferPointer<UInt8>) throws(FuzzFailure) {
        let page = head + Array(input) + tail
        guard case .success(let findings) = inspector.inspect(bytes: page, name: "fuzz.html", directory: nil), !findings.isEmpty else { return }
        let lines = 1 + occurrences(of: 0x0A, in: page)
        for finding in findings where finding.position.line < 1 || finding.position.line > lines || finding.position.column < 1 {
            throw FuzzFailure("finding outside the page: \(finding)")
        }
    }
}

/// How many times `byte` occurs in `bytes`.
private func occurrences(of byte: UInt8, in bytes: [UInt8]) -> Int {
    bytes.withUnsafeBytes { raw in
        guard var next = raw.baseAddress else { return 0 }
        let end = next + raw.count
        var count = 0
        while next < end, let found = memchr(next, Int32(byte), end - next) {
            count += 1
            next = UnsafeRawPointer(found) + 1
        }
        return count
    }
}
