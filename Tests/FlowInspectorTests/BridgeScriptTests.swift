// BridgeScriptTests.swift: web/bridge.js, run in node with a stand-in DOM, produces what the engine
// decodes: the eventsAvailable signal, array arguments, the ?error= path, and a drain that empties the
// queue so no event is dispatched twice. Enabled when node is installed (.ci/setup installs it).
import Foundation
import NavigationPolicy
import BrowserURL
import Testing
import TestSupport

/// Whether node runs here.
enum Node {
    static let installed: Bool = {
        let node = Process()
        node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        node.arguments = ["node", "--version"]
        node.standardOutput = FileHandle.nullDevice
        node.standardError = FileHandle.nullDevice
        do { try node.run() } catch { return false }
        node.waitUntilExit()
        return node.terminationStatus == 0
    }()
}

@Suite("bridge.js", .enabled(if: Node.installed, "needs node to run web/bridge.js"))
struct BridgeScriptTests {

    static let harness = """
    global.window = global;
    global.navigator = {userAgent: process.argv[3]};
    var frames = {};
    global.document = {getElementById: function (id) { return frames[id]; },
      createElement: function () { return {style: {}, setAttribute: function () {}}; },
      body: {appendChild: function (f) { frames[f.id] = f; }}};
    var handlers = {};
    global.janrain = {events: {
      onCaptureLoginSuccess: {addHandler: function (h) { handlers.login = h; }},
      onCaptureSaveFailed: {addHandler: function (h) { handlers.save = h; }}}};
    require(process.argv[2]);
    var installed = createJanrainBridge();
    if (installed) {
      handlers.login({accessToken: 'tok_5f2a9c81d3e4', oneTime: false});
      var cyclic = {}; cyclic.self = cyclic; handlers.save(cyclic);
    }
    console.log(JSON.stringify({installed: installed, signal: frames['janrain-bridge-signal'] ? frames['janrain-bridge-signal'].src : null,
      first: createJanrainBridge.drain(), second: createJanrainBridge.drain()}));
    """

    func runNode(userAgent: String) throws -> [String: Any]? {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-harness-\(UUID().uuidString).js")
        try Data(Self.harness.utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        let node = try BridgeProcess.run(executable: URL(fileURLWithPath: "/usr/bin/env"), ["node", script.path, Repository.path("web/bridge.js"), userAgent])
        if node.status == 127 { return nil }
        return try JSONSerialization.jsonObject(with: Data(node.stdout.utf8)) as? [String: Any]
    }

    @Test("queues array arguments and ?error=, signals, drains once; the engine decodes every message")
    func protocolAsShipped() throws {
        let result = try #require(try runNode(userAgent: "Mozilla/5.0 Mobile janrainNativeAppBridgeEnabled"))
        #expect(result["installed"] as? Bool == true)
        let signal = try #require(result["signal"] as? String)
        #expect(signal.hasPrefix("janrain:eventsAvailable?"))
        #expect(result["second"] as? String == "[]")
        let queue = try #require(result["first"] as? String)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(queue.utf8)) as? [String])
        let messages = try entries.map { try JanrainBridge.decode(try #require(BrowserURL($0))).get() }
        #expect(messages.count == 2)
        guard case .event(let name, let arguments) = messages[0], case .eventFailed(let failed, _) = messages[1] else {
            Issue.record("unexpected messages \(messages)")
            return
        }
        #expect(name == "onCaptureLoginSuccess" && arguments.count == 1 && failed == "onCaptureSaveFailed")
        let engine = try Repository.captureEngine()
        let decision = engine.decide(NavigationRequest(url: signal))
        #expect(decision.kind == .bridge && decision.action == .cancel)
    }

    @Test("without the user-agent opt-in the bridge stays off")
    func optIn() throws {
        let result = try #require(try runNode(userAgent: "Mozilla/5.0 Safari"))
        #expect(result["installed"] as? Bool == false)
        #expect(result["first"] as? String == "[]")
    }
}
