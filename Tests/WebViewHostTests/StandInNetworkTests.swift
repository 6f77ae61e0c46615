// StandInNetworkTests.swift: the stand-in network as WebKit's network process meets it, driven by a GIO
// client on another thread while the test's thread runs the network's main context. A CONNECT to a site
// host is tunnelled into TLS ended here, and one tunnel carries request after request: kept open, so
// WebKit does not open (and verify) a new connection for every stylesheet and script. The TLS end has no
// certificate database. A CONNECT to a host the site does not serve is refused. Needs the WebKit trait (GLib networking), not a display.
#if WebKit
import FlowInspector
import CSoup
import Foundation
import Testing
@testable import WebViewHost

// A hang is ended by the runner's time limit (the test's task is cancelled), never by a clock the test reads.
@Suite(.timeLimit(.minutes(2))) struct StandInNetworkTests {
    @Test func oneTunnelCarriesRequestAfterRequest() throws {
        let answers = try Self.exchange(authority: "yourdomain.com:443", paths: ["/flows.css", "/bridge.js", "/flows.css"])
        #expect(answers.connect == "HTTP/1.1 200 Connection Established")
        #expect(answers.responses == ["HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "HTTP/1.1 200 OK"])
        #expect(answers.reported == ["GET https://yourdomain.com/flows.css 200", "GET https://yourdomain.com/bridge.js 200",
                                     "GET https://yourdomain.com/flows.css 200"])
    }

    @Test func aHostTheSiteDoesNotServeIsRefused() throws {
        let answers = try Self.exchange(authority: "evil.example:443", paths: ["/"])
        #expect(answers.connect == "HTTP/1.1 403 Forbidden")
        #expect(answers.responses.isEmpty)
        #expect(answers.reported == ["CONNECT https://evil.example:443 refused"])
    }

    @Test func theTLSEndCarriesNoCertificateDatabase() throws {
        // A database would mean the system's CA bundle parsed again for every tunnel (7-13 ms each).
        let certificate = try #require(g_tls_certificate_new_from_pem(StandInCertificate.pem, -1, nil))
        defer { g_object_unref(certificate) }
        let input = g_memory_input_stream_new(), output = g_memory_output_stream_new_resizable()
        let stream = try #require(g_simple_io_stream_new(input, output))
        defer { g_object_unref(stream); g_object_unref(input); g_object_unref(output) }
        var error: UnsafeMutablePointer<GError>?
        let tls = try #require(StandInTLS.serverConnection(stream, certificate: certificate, error: &error))
        defer { g_object_unref(tls) }
        let connection = UnsafeMutableRawPointer(tls).assumingMemoryBound(to: GTlsConnection.self)
        #expect(g_tls_connection_get_database(connection) == nil)
        #expect(g_tls_connection_get_certificate(connection) == certificate)
    }

    struct Answers {
        var connect: String?
        var responses: [String] = []
        var reported: [String] = []
    }

    /// Starts the network for web/, sends one CONNECT and then `paths` on the same tunnel; runs the
    /// network's main context on this thread until the client is done or the test is cancelled.
    static func exchange(authority: String, paths: [String]) throws -> Answers {
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        defer { g_main_context_pop_thread_default(context); g_main_context_unref(context) }
        let reports = Reports()
        let network = StandInNetwork(site: try HostSite.load(path: Repository.path("web/bridge-site.json"))) { exchange in
            reports.lines.append("\(exchange.method) \(exchange.url) " + (exchange.refused && exchange.status == nil ? "refused" : "\(exchange.status ?? 0)"))
        }
        try network.start()
        defer { network.stop() }
        #expect(network.listenFailure == nil, "the stand-in server has its loopback listener, so tunnels stay open")
        let client = TunnelClient(port: network.port, authority: authority, paths: paths)
        let thread = Thread { client.run() }
        thread.start()
        while !client.isDone, !Task.isCancelled {
            if g_main_context_iteration(context, 0) == 0 { usleep(500) }
        }
        #expect(client.isDone, "the client did not finish before the suite's time limit")
        return Answers(connect: client.connect, responses: client.responses, reported: reports.lines)
    }
}

private final class Reports: @unchecked Sendable { var lines: [String] = [] }

/// A blocking HTTP/1.1 client through the proxy: CONNECT, a TLS handshake that accepts the stand-in
/// certificate, then each path in turn on the same connection.
private final class TunnelClient: @unchecked Sendable {
    let port: UInt16, authority: String, paths: [String]
    private let lock = NSLock()
    private var done = false
    private(set) var connect: String?
    private(set) var responses: [String] = []

    init(port: UInt16, authority: String, paths: [String]) { self.port = port; self.authority = authority; self.paths = paths }

    var isDone: Bool { lock.lock(); defer { lock.unlock() }; return done }

    func run() {
        defer { lock.lock(); done = true; lock.unlock() }
        let client = g_socket_client_new()
        defer { g_object_unref(client) }
        guard let socket = g_socket_client_connect_to_host(client, "127.0.0.1:\(port)", 0, nil, nil) else { return }
        defer { g_object_unref(socket) }
        let plain = UnsafeMutableRawPointer(socket).assumingMemoryBound(to: GIOStream.self)
        guard Self.write("CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n\r\n", to: plain),
              let head = Self.readHead(plain) else { return }
        connect = head.first
        guard connect?.contains(" 200 ") == true else { return }
        let identity = g_network_address_parse(authority, 443, nil)
        defer { if let identity { g_object_unref(UnsafeMutableRawPointer(identity)) } }
        guard let made = g_tls_client_connection_new(plain, identity, nil) else { return }
        let tls = UnsafeMutableRawPointer(made)  // GTlsClientConnection is an interface: opaque here
        defer { g_object_unref(tls) }
        let accept: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, guint, gpointer?) -> gboolean = { _, _, _, _ in 1 }
        GLibSignal.connect(tls, "accept-certificate", unsafeBitCast(accept, to: GCallback.self), nil)
        let secure = tls.assumingMemoryBound(to: GIOStream.self)
        guard g_tls_connection_handshake(tls.assumingMemoryBound(to: GTlsConnection.self), nil, nil) != 0 else { return }
        for path in paths {
            let host = authority.split(separator: ":").first.map(String.init) ?? authority
            guard Self.write("GET \(path) HTTP/1.1\r\nHost: \(host)\r\n\r\n", to: secure), let head = Self.readHead(secure),
                  let status = head.first else { return }
            let length = head.dropFirst().first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            guard Self.read(length, from: secure) else { return }
            responses.append(status)
        }
    }

    static func write(_ text: String, to stream: UnsafeMutablePointer<GIOStream>) -> Bool {
        let bytes = Array(text.utf8)
        var written: gsize = 0
        return bytes.withUnsafeBytes { g_output_stream_write_all(g_io_stream_get_output_stream(stream), $0.baseAddress, gsize($0.count), &written, nil, nil) } != 0
    }

    /// The head's lines (status line first), read a byte at a time so nothing after it is taken.
    static func readHead(_ stream: UnsafeMutablePointer<GIOStream>) -> [String]? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while !(bytes.count >= 4 && bytes.suffix(4) == [13, 10, 13, 10]) {
            guard g_input_stream_read(g_io_stream_get_input_stream(stream), &byte, 1, nil, nil) == 1 else { return nil }
            bytes.append(byte)
        }
        return String(decoding: bytes.dropLast(4), as: UTF8.self).components(separatedBy: "\r\n")
    }

    static func read(_ count: Int, from stream: UnsafeMutablePointer<GIOStream>) -> Bool {
        guard count > 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: count)
        var got: gsize = 0
        return buffer.withUnsafeMutableBytes { g_input_stream_read_all(g_io_stream_get_input_stream(stream), $0.baseAddress, gsize(count), &got, nil, nil) } != 0 && Int(got) == count
    }
}
#endif
