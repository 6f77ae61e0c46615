// IDNAInChromiumTests.swift: BrowserURL's own UTS #46 held against a real browser's. Generated Unicode hosts
// (old scripts only, so any Chromium's tables know them: Latin, Greek, Cyrillic, Hebrew, Arabic, Devanagari,
// Tibetan, combining marks, jamo, CJK, full-width and enclosed forms, joiners, dots, digits, "xn--") go
// through `new URL()` in headless Chromium and through BrowserURL; the hostnames (or the failures) must be the
// same. Chromium percent-escapes some code points in a host where the URL Standard keeps them or fails the
// host (its url/url_canon_host.cc escapes "*" as %2A and a space as %20): those results are not IDNA's and are
// left out, counted.
import BrowserURL
import Foundation
import SeededRandom
import TestSupport
import Testing

@Suite("IDNA in Chromium", .blockingWork(sharing: BlockingWork.webViewSlots))
struct IDNAInChromiumTests {
    static let chromium = ["chromium", "chromium-browser"].first { Tools.runs([$0, "--version"]) }

    static func hosts(count: Int) -> [String] {
        let pools: [ClosedRange<UInt32>] = [0x61...0x7A, 0xC0...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x591...0x5F4, 0x600...0x6FF,
                                             0x900...0x97F, 0xF70...0xF8F, 0x300...0x36F, 0x1100...0x11FF, 0xAC00...0xAC3F,
                                             0x4E00...0x4E3F, 0xFF01...0xFF5E, 0x2460...0x24FF, 0x200B...0x200D, 0x30...0x39]
        let extras = [".", "-", "xn--", "\u{3002}", "\u{FF0E}", "\u{AD}", "\u{661}"]
        var rng = SplitMix64(state: 0x1D2A_C4A0)
        var hosts: [String] = []
        while hosts.count < count {
            var host = ""
            for _ in 0..<Int(rng.next() % 10 + 2) {
                if rng.next() % 8 == 0 {
                    host += extras[Int(rng.next() % UInt64(extras.count))]
                } else {
                    let pool = pools[Int(rng.next() % UInt64(pools.count))]
                    if let scalar = Unicode.Scalar(pool.lowerBound + UInt32(rng.next() % UInt64(pool.count))) { host.unicodeScalars.append(scalar) }
                }
            }
            if host.unicodeScalars.contains(where: { $0.value >= 0x80 }) { hosts.append(host) }
        }
        return hosts
    }

    @Test("every generated host maps as Chromium maps it, or fails where it fails",
          .enabled(if: chromium != nil, "Chromium is not installed (.ci/setup installs Debian's)"))
    func sameAsChromium() throws {
        let hosts = Self.hosts(count: 3_000)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-idna-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = String(decoding: try JSONSerialization.data(withJSONObject: hosts), as: UTF8.self)
        let page = folder.appendingPathComponent("idna.html")
        try """
            <!doctype html><meta charset="utf-8"><pre id="o"></pre><script>
            const hosts = \(list);
            document.getElementById("o").textContent = JSON.stringify(hosts.map(h => {
              try { return new URL("https://" + h + "/").hostname; } catch (e) { return null; }
            }));
            </script>
            """.write(to: page, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [try #require(Self.chromium), "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(folder.path)/profile",
                             "--dump-dom", page.absoluteString]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let start = try #require(dom.range(of: "<pre id=\"o\">")), end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let text = dom[start.upperBound..<end.lowerBound].replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        let chromium = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
        try #require(chromium.count == hosts.count)
        var compared = 0, escaped = 0, differing: [String] = []
        for (host, theirs) in zip(hosts, chromium) {
            let browser = theirs as? String
            if let browser, browser.contains("%") { escaped += 1; continue }
            let ours: String? = (try? BrowserURL.parse("https://\(host)/").get())?.hostname
            compared += 1
            if ours != browser { differing.append("\(host.debugDescription): Chromium \(browser ?? "fails"), BrowserURL \(ours ?? "fails")") }
        }
        #expect(differing.isEmpty, "\(differing.count) of \(compared): \(differing.prefix(5))")
        #expect(compared > 2_500, "\(escaped) percent-escaped by Chromium")
    }
}
