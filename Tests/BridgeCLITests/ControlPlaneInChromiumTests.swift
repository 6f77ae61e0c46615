// ControlPlaneInChromiumTests.swift: the emulator's control plane against a real browser on another page:
// Debian's Chromium, headless (Tests/Browser/chromium_page.py), opens a page of another origin (a second
// `bridge serve` on another port: loopback to loopback, which Chromium's Private Network Access lets through,
// where a page on a public origin would not even reach the server) and sends
// what any web page can send without asking: a no-cors text/plain POST to `//emulator/v1/reset` and to
// `//emulator/v1/clock`, and a read of the codes; and a DELETE of the outbox, which needs a preflight that the
// control plane never answers; each path spelt with a doubled slash, which the router reads as the route. The server's log shows that each request arrived (so the test cannot pass by
// the browser not sending them), the control state is as it was, and the page read nothing. Disabled, saying
// so, where Chromium is not installed (.ci/setup installs it).
import Foundation
import Testing

@Suite("the control plane against another page in Chromium", .blockingWork(sharing: BlockingWork.webViewSlots),
       .enabled(if: Chromium.executable != nil && Chromium.python != nil, "needs Debian's chromium and python3 (.ci/setup installs them)"))
struct ControlPlaneInChromiumTests {
    /// The page's script: what any page can send, then what it could read.
    static func attack(_ base: String) -> String {
        """
        (async function () {
          var base = '\(base)', sent = [];
          async function send(method, path, body) {
            try { await fetch(base + path, { method: method, mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: body }); sent.push(path); }
            catch (e) { sent.push('failed ' + path + ': ' + e.message); }
          }
          await send('POST', '//emulator/v1/reset', '{}');
          await send('POST', '//emulator//v1/clock', '{"advance": 86400}');
          var read, deleted;
          try { var answer = await fetch(base + '//emulator/v1/codes'); read = await answer.text(); } catch (e) { read = 'refused'; }
          try { await fetch(base + '///api/v1/messages', { method: 'DELETE' }); deleted = 'sent'; } catch (e) { deleted = 'refused'; }
          return { sent: sent, read: read, deleted: deleted };
        })()
        """
    }

    @Test("a page on another origin neither changes nor reads the emulator's control state, however it spells the paths")
    func anotherPageChangesNothing() throws {
        let server = try ServeProcess()
        _ = try server.request("POST", "/oauth/forgot_password_native",
                               form: "client_id=app&form=forgotPasswordForm&signInEmailAddress=ada%40example.com&redirect_uri=https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php")
        let other = try ServeProcess()
        // A page the other server answers without a Content-Security-Policy of its own (its 404 for an unknown path).
        let seen = try Chromium.evaluate(other.base + "/another-site", Self.attack(server.base)) as? [String: Any] ?? [:]
        _ = other.stop()
        let (_, outbox, _) = try server.request("GET", "/api/v1/messages")
        let (_, clock, _) = try server.request("GET", "/emulator/v1/clock")
        let printed = server.stop()

        #expect((seen["sent"] as? [String])?.count == 2 && (seen["sent"] as? [String])?.allSatisfy { !$0.hasPrefix("failed") } == true, "\(seen)")
        #expect(seen["read"] as? String == "refused", "the page read the codes: \(seen)")
        #expect(seen["deleted"] as? String == "refused", "the outbox's DELETE went through its preflight: \(seen)")
        #expect(outbox["total"] as? Int == 1, "\(outbox)")
        #expect(clock["offsetSeconds"] as? Double == 0, "\(clock)")
        // Each request reached the server and was refused there.
        let logged = printed.split(separator: "\n")
        for path in ["POST //emulator/v1/reset", "POST //emulator//v1/clock", "GET //emulator/v1/codes"] {
            #expect(logged.contains { $0.contains(path) && $0.hasSuffix(" 403") }, "\(path) not refused in the log: \(printed)")
        }
        #expect(logged.contains { $0.contains("OPTIONS ///api/v1/messages") && !$0.hasSuffix(" 204") }, "the preflight: \(printed)")
        #expect(!logged.contains { $0.contains("DELETE") }, "\(printed)")
    }
}
