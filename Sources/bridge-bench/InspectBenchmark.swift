// InspectBenchmark.swift: `bridge inspect`'s whole inspection of a generated ~5 MB flow page (settings,
// hundreds of screens with JTL tags, links, iframes and inline scripts) against libxml2's bare
// htmlReadMemory of the same bytes, interleaved in the same run, each from a settled heap (HeapSettling).
// Issue target: within 1.5× the bare parse.
import FlowInspector
import Foundation

enum InspectBenchmark {
    /// A flow page of about `targetBytes`: the sign-in setup, then screens, links and scripts repeated.
    static func page(targetBytes: Int = 5_000_000) -> [UInt8] {
        var html = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>Generated flow</title>
        <script src="bridge.js"></script>
        <script>
        janrain.settings.popup = false;
        janrain.settings.type = 'embed';
        janrain.settings.tokenAction = 'url';
        janrain.settings.capture.redirectFlow = true;
        janrain.settings.capture.redirectUri = location.href;
        janrain.settings.capture.captureServer = 'https://bench.janraincapture.com';
        janrain.settings.tokenUrl = janrain.settings.capture.captureServer;
        janrain.settings.capture.appId = 'a'; janrain.settings.capture.clientId = 'c';
        janrain.settings.capture.flowName = 'webViewFlow';
        function janrainCaptureWidgetOnLoad() { createJanrainBridge(); janrain.capture.ui.start(); }
        </script></head><body>

        """
        var i = 0
        while html.utf8.count < targetBytes {
            html += """
            <div id="screen\(i)" style="display:none">
              <h2>Screen \(i)</h2>
              {* #form\(i) *}
                {* emailAddress *} {* newPassword *}
                <p class="help">Fill in the fields; <em>all</em> are required. <a href="#" data-capturescreen="screen\(i)">Again</a></p>
              {* /form\(i) *}
            </div>
            <section><p>Paragraph \(i) with <strong>markup</strong>, <a href="/help/\(i)">a link</a> and text to parse.</p>
            <ul><li>one</li><li>two</li><li>three</li></ul></section>
            <script>
              janrain.events.onCaptureScreenShow.addHandler(function (e) { if (e.screen === 'screen\(i)') { track('\(i)', /s\\d+/g, `t ${e.screen}`); } });
            </script>

            """
            i += 1
        }
        html += "</body></html>\n"
        return Array(html.utf8)
    }

    static func run(rounds: Int) {
        let bytes = page()
        let inspector = Inspector()
        let (medians, checksum) = interleavedMedians(rounds: rounds, items: 1, settle: FlowInspectorBenchmarkHooks.drainDeferredReleases, [
            { FlowInspectorBenchmarkHooks.bareParse(bytes) ? 1 : 0 },
            { (try? inspector.inspect(bytes: bytes, name: "generated.html", directory: nil).get().count) ?? -1 },
        ])
        let findings = (try? inspector.inspect(bytes: bytes, name: "generated.html", directory: nil).get()) ?? []
        print("")
        print("Inspection of a generated \(formatted(Double(bytes.count) / 1e6, 2)) MB flow page, median of \(rounds) interleaved rounds:")
        print("  libxml2 htmlReadMemory (bare)  \(formatted(medians[0] / 1e6, 1)) ms")
        print("  Inspector.inspect              \(formatted(medians[1] / 1e6, 1)) ms   \(formatted(medians[1] / medians[0], 2))× the bare parse   (\(findings.count) findings)")
        print("  (checksum \(checksum))")
    }
}
