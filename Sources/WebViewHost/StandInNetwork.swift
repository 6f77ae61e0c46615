// StandInNetwork.swift: the hosted view's whole network. WebKit is told to use a proxy on 127.0.0.1 (loopback
// hosts excepted, so a test's own server is reached directly); the proxy answers from the site and never
// connects anywhere. https: a CONNECT to a host the site serves is accepted, TLS is ended here with the
// stand-in certificate (which the view trusts for those hosts only), and libsoup's server reads the
// requests; a CONNECT to any other host is refused. A tunnel stays open for request after request, as a
// real server's connection does (StandInTLS says why its TLS end is made without a CA database). Plain
// http through the proxy is answered directly.
// With a provider (`--provider`), every CONNECT is accepted and the stand-in certificate trusted for its host
// as it arrives; the requests ProviderRouting names are forwarded to the emulator's server (a running
// `bridge serve`, or the one started in this process) with libsoup's client, the server message paused
// meanwhile; the site answers the
// rest, and what neither serves is refused. Every request, answered or refused, is reported. Runs on the
// GLib main loop with the view: no threads.
#if WebKit
import FlowInspector
import CWebKit
import Foundation
import NavigationReplay
import ProviderDirectory

final class StandInNetwork {
    let site: HostSite
    let provider: ProviderRouting?
    private let report: (NetworkExchange) -> Void
    /// Told once per run when a running `bridge serve` does not answer (why: libsoup's error).
    private let providerUnreachable: (String) -> Void
    private var toldUnreachable = false
    /// Trusts the stand-in certificate for one more host (set by `configure`).
    private var allowHost: ((String) -> Void)?
    /// The context's data manager: a round trip through it tells when the network process has the trust.
    private var dataManager: UnsafeMutablePointer<WebKitWebsiteDataManager>?
    private var allowedHosts = Set<String>()
    /// The client that forwards to a running `bridge serve`.
    private var session: UnsafeMutablePointer<SoupSession>?
    private var service: UnsafeMutablePointer<GSocketService>?
    private var server: UnsafeMutablePointer<SoupServer>?
    private(set) var certificate: UnsafeMutablePointer<GTlsCertificate>?
    private(set) var port: UInt16 = 0
    /// Why connections close after each answer, when they do (nil: they stay open).
    private(set) var connectionsClose: String?
    /// Connections being read (retained while their CONNECT header is read).
    private var pending: [ObjectIdentifier: ProxyConnection] = [:]

    init(site: HostSite, provider: ProviderRouting? = nil, providerUnreachable: @escaping (String) -> Void = { _ in },
         report: @escaping (NetworkExchange) -> Void) {
        self.site = site
        self.provider = provider
        self.providerUnreachable = providerUnreachable
        self.report = report
    }

    var proxyURI: String { "http://127.0.0.1:\(port)" }

    /// Points a web context at this network: the proxy for everything but loopback (a test's own server is
    /// reached directly), and this network's certificate trusted for the site's hosts only.
    func configure(_ context: UnsafeMutablePointer<WebKitWebContext>) {
        let data = webkit_web_context_get_website_data_manager(context)
        let ignored: [String] = ["localhost", "127.0.0.1", "::1"]
        var pointers = ignored.map { strdup($0) } + [nil]
        let proxy = pointers.withUnsafeMutableBufferPointer { buffer in
            webkit_network_proxy_settings_new(proxyURI, UnsafePointer(buffer.baseAddress!).withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buffer.count) { $0 })
        }
        pointers.forEach { free($0) }
        webkit_website_data_manager_set_network_proxy_settings(data, WEBKIT_NETWORK_PROXY_MODE_CUSTOM, proxy)
        webkit_network_proxy_settings_free(proxy)
        let certificate = self.certificate
        dataManager = data
        allowHost = { [unowned self] host in
            guard self.allowedHosts.insert(host).inserted else { return }
            webkit_web_context_allow_tls_certificate_for_host(context, certificate, host)
        }
        for host in site.hosts { allowHost?(host) }
        if provider != nil { for host in ProviderDirectory.exactHosts { allowHost?(host) } }
    }

    /// A CONNECT to this host is tunnelled into the stand-in server.
    private func tunnels(_ host: String) -> Bool {
        provider != nil || site.hosts.contains(host)
    }

    func start() throws {
        var error: UnsafeMutablePointer<GError>?
        guard let pem = g_tls_certificate_new_from_pem(StandInCertificate.pem, -1, &error) else {
            throw HostError(.setup, "stand-in certificate: \(GLibError.take(error))")
        }
        certificate = pem
        server = UnsafeMutableRawPointer(g_object_new_with_properties(soup_server_get_type(), 0, nil, nil)).assumingMemoryBound(to: SoupServer.self)
        soup_server_add_handler(server, nil, { _, message, _, _, context in
            guard let message, let context else { return }
            Unmanaged<StandInNetwork>.fromOpaque(context).takeUnretainedValue().serve(message)
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
        // libsoup 3.2 keeps a connection open after a response only while the server has a listener of its
        // own; without one, every tunnelled connection would close after its first answer and WebKit would
        // open (and verify) a new one for each stylesheet and script. So it listens on a loopback port that
        // nothing is told of (it would serve the same site over plain http). Without it the host still works,
        // one connection per request, so a failure here is not fatal: `connectionsClose` says why (--verbose).
        if soup_server_listen_local(server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error) == 0 {
            connectionsClose = "libsoup could not listen on loopback (\(GLibError.take(error))), so each connection closes after one answer"
        }
        error = nil

        service = g_socket_service_new()
        let address = g_inet_socket_address_new_from_string("127.0.0.1", 0)
        defer { g_object_unref(address) }
        var effective: UnsafeMutablePointer<GSocketAddress>?
        let listener = UnsafeMutableRawPointer(service!).assumingMemoryBound(to: GSocketListener.self)
        guard g_socket_listener_add_address(listener, address, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, nil, &effective, &error) != 0,
              let effective else {
            throw HostError(.setup, "stand-in network: cannot listen on 127.0.0.1: \(GLibError.take(error))")
        }
        port = g_inet_socket_address_get_port(UnsafeMutableRawPointer(effective).assumingMemoryBound(to: GInetSocketAddress.self))
        g_object_unref(effective)
        let incoming: @convention(c) (UnsafeMutablePointer<GSocketService>?, UnsafeMutablePointer<GSocketConnection>?, UnsafeMutablePointer<GObject>?, gpointer?) -> gboolean = { _, connection, _, context in
            guard let connection, let context else { return 0 }
            Unmanaged<StandInNetwork>.fromOpaque(context).takeUnretainedValue().accept(connection)
            return 1
        }
        GLibSignal.connect(service!, "incoming", unsafeBitCast(incoming, to: GCallback.self), Unmanaged.passUnretained(self).toOpaque())
        g_socket_service_start(service)
    }

    func stop() {
        if let service {
            g_socket_service_stop(service)
            g_socket_listener_close(UnsafeMutableRawPointer(service).assumingMemoryBound(to: GSocketListener.self))
            g_object_unref(service)
        }
        service = nil
        if let server { soup_server_disconnect(server); g_object_unref(UnsafeMutableRawPointer(server)) }
        server = nil
        if let session { soup_session_abort(session); g_object_unref(UnsafeMutableRawPointer(session)) }
        session = nil
        pending.removeAll()
    }

    // MARK: The proxy

    private func accept(_ connection: UnsafeMutablePointer<GSocketConnection>) {
        // Answers go out as written: with Nagle's algorithm a response's body waits behind its header for
        // the client's delayed acknowledgement once connections are kept open.
        _ = g_socket_set_option(g_socket_connection_get_socket(connection), gint(IPPROTO_TCP), gint(TCP_NODELAY), 1, nil)
        let proxied = ProxyConnection(connection: connection, network: self)
        pending[ObjectIdentifier(proxied)] = proxied
        proxied.readRequestLine()
    }

    fileprivate func finished(_ connection: ProxyConnection) {
        pending[ObjectIdentifier(connection)] = nil
    }

    /// A CONNECT's header has been read: tunnel into the stand-in server, or refuse.
    fileprivate func tunnel(_ connection: ProxyConnection, authority: String) {
        let host = authority.split(separator: ":").first.map(String.init) ?? authority
        guard tunnels(host.lowercased()) else {
            let hint = ProviderRouting.isProviderHost(host) ? " (--provider sends the providers' hosts to the emulator)" : ""
            report(NetworkExchange(method: "CONNECT", url: "https://\(authority)", status: nil,
                                   detail: "not in the site: bridge host never reaches the network" + hint, refused: true))
            connection.respondAndClose("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        }
        let lowered = host.lowercased()
        guard !allowedHosts.contains(lowered), let dataManager else {
            openTunnel(connection, authority: authority)
            return
        }
        // A host trusted as it arrives: WebKit's network process must have the trust before the handshake.
        // The trust and a data-manager fetch travel the same ordered channel to it, so the fetch's answer
        // means the trust is in place; only then is the CONNECT answered.
        allowHost?(lowered)
        let pending = PendingTunnel(network: self, connection: connection, authority: authority)
        let fetched: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { source, result, context in
            let pending = Unmanaged<PendingTunnel>.fromOpaque(context!).takeRetainedValue()
            let manager = UnsafeMutableRawPointer(source!).assumingMemoryBound(to: WebKitWebsiteDataManager.self)
            let list = webkit_website_data_manager_fetch_finish(manager, result, nil)
            if let list { g_list_free_full(list, { webkit_website_data_unref(OpaquePointer($0)) }) }
            pending.network.openTunnel(pending.connection, authority: pending.authority)
        }
        webkit_website_data_manager_fetch(dataManager, WEBKIT_WEBSITE_DATA_HSTS_CACHE, nil, fetched, Unmanaged.passRetained(pending).toOpaque())
    }

    /// Answers the CONNECT and ends TLS here, handing the stream to the stand-in server.
    fileprivate func openTunnel(_ connection: ProxyConnection, authority: String) {
        connection.write("HTTP/1.1 200 Connection Established\r\n\r\n")
        var error: UnsafeMutablePointer<GError>?
        let stream = UnsafeMutableRawPointer(connection.connection).assumingMemoryBound(to: GIOStream.self)
        guard let certificate, let tls = StandInTLS.serverConnection(stream, certificate: certificate, error: &error) else {
            report(NetworkExchange(method: "CONNECT", url: "https://\(authority)", status: nil, detail: "TLS: \(GLibError.take(error))", refused: true))
            connection.close()
            return
        }
        let local = g_socket_connection_get_local_address(connection.connection, nil)
        let remote = g_socket_connection_get_remote_address(connection.connection, nil)
        if soup_server_accept_iostream(server, UnsafeMutableRawPointer(tls).assumingMemoryBound(to: GIOStream.self), local, remote, &error) == 0 {
            report(NetworkExchange(method: "CONNECT", url: "https://\(authority)", status: nil, detail: "stand-in server: \(GLibError.take(error))", refused: true))
        }
        if let local { g_object_unref(local) }
        if let remote { g_object_unref(remote) }
        g_object_unref(tls)
        finished(connection)
    }

    /// A plain-http request through the proxy ("GET http://host/path HTTP/1.1"): answered here.
    fileprivate func answerPlain(_ connection: ProxyConnection, method: String, target: String) {
        if let provider, provider.target(for: target) != nil {
            // Plain http to a provider: sent on as https would be (no body: the proxy reads headers only).
            connection.respondAndClose("HTTP/1.1 301 Moved Permanently\r\nLocation: \(target.replacingOccurrences(of: "http://", with: "https://"))\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            report(NetworkExchange(method: method, url: target, status: 301, detail: "→ https", refused: false))
            return
        }
        let response = site.respond(to: target)
        let (status, headers, body, detail) = rendered(response)
        report(NetworkExchange(method: method, url: target, status: status, detail: detail, refused: response.isRefused))
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        connection.respondAndClose(head + "\r\n", body: body)
    }

    // MARK: The stand-in server (https, after the tunnel)

    private func serve(_ message: OpaquePointer) {
        let msg = message
        let method = String(cString: soup_server_message_get_method(msg))
        let uri = soup_server_message_get_uri(msg)
        let path = uri.flatMap { g_uri_get_path($0) }.map { String(cString: $0) } ?? "/"
        let query = uri.flatMap { g_uri_get_query($0) }.map { "?" + String(cString: $0) } ?? ""
        let headers = soup_server_message_get_request_headers(msg)
        let host = soup_message_headers_get_one(headers, "Host").map { String(cString: $0) } ?? "unknown"
        let url = "https://\(host)\(path)\(query)"
        if let provider, let target = provider.target(for: url) {
            askProvider(provider, message: msg, method: method, url: url, target: target, headers: headers)
            return
        }
        let response = site.respond(to: url)
        let (status, extra, body, detail) = rendered(response)
        report(NetworkExchange(method: method, url: url, status: status, detail: detail, refused: response.isRefused))
        // The site's files may be read from any origin (scripts loaded in CORS mode report real errors).
        write(msg, status: status, headers: extra + [("Access-Control-Allow-Origin", "*")], body: body)
    }

    /// Answers a server message: its headers (Content-Type set with the body), never cached.
    private func write(_ msg: OpaquePointer, status: Int, headers: [(String, String)], body: [UInt8]) {
        let responseHeaders = soup_server_message_get_response_headers(msg)
        var type: String?
        for (name, value) in headers {
            if name.lowercased() == "content-type" { type = value } else { soup_message_headers_replace(responseHeaders, name, value) }
        }
        soup_message_headers_replace(responseHeaders, "Cache-Control", "no-store")
        body.withUnsafeBytes { raw in
            soup_server_message_set_response(msg, type, SOUP_MEMORY_COPY, raw.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(raw.count))
        }
        soup_server_message_set_status(msg, guint(status), nil)
    }

    // MARK: The provider

    private func askProvider(_ provider: ProviderRouting, message msg: OpaquePointer, method: String, url: String, target: String,
                             headers: OpaquePointer?) {
        var body: [UInt8] = []
        if let requestBody = soup_server_message_get_request_body(msg), let data = requestBody.pointee.data, requestBody.pointee.length > 0 {
            body = Array(UnsafeRawBufferPointer(start: data, count: Int(requestBody.pointee.length)))
        }
        let exchange = ProviderExchange(method: method, target: target,
                                        contentType: soup_message_headers_get_one(headers, "Content-Type").map { String(cString: $0) } ?? "",
                                        body: body, origin: soup_message_headers_get_one(headers, "Origin").map { String(cString: $0) })
        forward(exchange, to: provider.base, message: msg, url: url)
    }

    private func respond(_ msg: OpaquePointer, _ answer: ProviderAnswer, method: String, url: String, detail: String, refused: Bool = false) {
        let location = answer.headers.first { $0.0.lowercased() == "location" }?.1
        report(NetworkExchange(method: method, url: url, status: answer.status, detail: location.map { "\(detail) → \($0)" } ?? detail, refused: refused))
        write(msg, status: answer.status, headers: answer.headers, body: answer.body)
    }

    /// Sends one request on to a running `bridge serve` and answers the paused server message with its reply.
    private func forward(_ exchange: ProviderExchange, to base: String, message msg: OpaquePointer, url: String) {
        if session == nil {
            session = soup_session_new()
            soup_session_set_proxy_resolver(session, nil)  // straight to loopback, never through a proxy
        }
        let destination = ProviderRouting.forwardURL(base: base, target: exchange.target)
        guard let outgoing = soup_message_new(exchange.method, destination) else {
            respond(msg, ProviderAnswer(status: 502, headers: [("Content-Type", "text/plain")], body: Array("bad provider URL \(destination)\n".utf8)),
                    method: exchange.method, url: url, detail: "provider")
            return
        }
        soup_message_add_flags(outgoing, SOUP_MESSAGE_NO_REDIRECT)
        let requestHeaders = soup_message_get_request_headers(outgoing)
        if let origin = exchange.origin { soup_message_headers_replace(requestHeaders, "Origin", origin) }
        if !exchange.body.isEmpty || exchange.method == "POST" {
            let bytes = exchange.body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_set_request_body_from_bytes(outgoing, exchange.contentType.isEmpty ? nil : exchange.contentType, bytes)
            g_bytes_unref(bytes)
        }
        soup_server_message_pause(msg)
        g_object_ref(UnsafeMutableRawPointer(msg))
        let pending = PendingForward(network: self, server: msg, outgoing: outgoing, method: exchange.method, url: url, destination: destination,
                                     origin: exchange.origin)
        let done: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { source, result, context in
            let pending = Unmanaged<PendingForward>.fromOpaque(context!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let bytes = soup_session_send_and_read_finish(UnsafeMutableRawPointer(source!).assumingMemoryBound(to: SoupSession.self), result, &error)
            pending.finish(bytes: bytes, error: error)
        }
        soup_session_send_and_read_async(session, outgoing, G_PRIORITY_DEFAULT, nil, done, Unmanaged.passRetained(pending).toOpaque())
    }

    fileprivate func forwarded(_ pending: PendingForward, bytes: OpaquePointer?, error: UnsafeMutablePointer<GError>?) {
        defer {
            soup_server_message_unpause(pending.server)
            g_object_unref(UnsafeMutableRawPointer(pending.server))
            g_object_unref(UnsafeMutableRawPointer(pending.outgoing))
        }
        guard let bytes else {
            let why = GLibError.take(error)
            respond(pending.server, ProviderAnswer(status: 502, headers: [("Content-Type", "text/plain")],
                                                   body: Array("bridge host: the provider at \(pending.destination) did not answer: \(why)\n".utf8)),
                    method: pending.method, url: pending.url, detail: "provider did not answer: \(why)")
            if !toldUnreachable {
                toldUnreachable = true
                providerUnreachable(why)
            }
            return
        }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        let body = data.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(size))) } ?? []
        let responseHeaders = soup_message_get_response_headers(pending.outgoing)
        let collect: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, gpointer?) -> Void = { name, value, context in
            guard let name, let value else { return }
            let box = Unmanaged<HeaderBox>.fromOpaque(context!).takeUnretainedValue()
            box.headers.append((String(cString: name), String(cString: value)))
        }
        let box = HeaderBox()
        soup_message_headers_foreach(responseHeaders, collect, Unmanaged.passUnretained(box).toOpaque())
        let passed = box.headers.filter { ["content-type", "location", "vary"].contains($0.0.lowercased()) || $0.0.lowercased().hasPrefix("access-control-") }
        // A cross-origin request the running server gave no CORS grant: the page's fetch of it fails with no
        // reason a user sees, so the host says which origin to allow.
        var detail = "bridge serve"
        var refused = false
        if let origin = pending.origin, HostSite.origin(of: pending.url) != origin,
           !passed.contains(where: { $0.0.lowercased() == "access-control-allow-origin" }) {
            detail = "bridge serve does not let \(origin) read this answer: a fetch or XHR from the page is refused; start it with --allow-origin \(origin) (or list it in its configuration's allowedOrigins)"
            refused = true
        }
        respond(pending.server, ProviderAnswer(status: Int(soup_message_get_status(pending.outgoing).rawValue), headers: passed, body: body),
                method: pending.method, url: pending.url, detail: detail, refused: refused)
    }

    /// Status, headers, body and a note for the report.
    private func rendered(_ response: SiteResponse) -> (Int, [(String, String)], [UInt8], String?) {
        switch response {
        case .file(let path, let type):
            guard let data = FileManager.default.contents(atPath: path) else { return (500, [], Array("cannot read \(path)".utf8), path) }
            return (200, [("Content-Type", type)], Array(data), Self.shortPath(path))
        case .redirect(let location, let status):
            return (status, [("Location", location)], [], "→ \(location)")
        case .status(let status):
            return (status, [("Content-Type", "text/plain")], Array("\(status) \(Self.reason(status))\n".utf8), nil)
        case .refused(let reason):
            return (404, [("Content-Type", "text/plain")], Array("bridge host: \(reason)\n".utf8), reason)
        }
    }

    static func shortPath(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 303: return "See Other"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 500: return "Internal Server Error"
        default: return "Status"
        }
    }
}

/// A CONNECT waiting until the network process trusts its host.
private final class PendingTunnel {
    let network: StandInNetwork
    let connection: ProxyConnection
    let authority: String
    init(network: StandInNetwork, connection: ProxyConnection, authority: String) {
        self.network = network; self.connection = connection; self.authority = authority
    }
}

/// A request forwarded to `bridge serve`, until its answer arrives.
private final class PendingForward {
    unowned let network: StandInNetwork
    let server: OpaquePointer
    let outgoing: OpaquePointer
    let method: String
    let url: String
    let destination: String
    /// The page's Origin header, when it sent one.
    let origin: String?

    init(network: StandInNetwork, server: OpaquePointer, outgoing: OpaquePointer, method: String, url: String, destination: String, origin: String?) {
        self.network = network; self.server = server; self.outgoing = outgoing
        self.method = method; self.url = url; self.destination = destination; self.origin = origin
    }

    func finish(bytes: OpaquePointer?, error: UnsafeMutablePointer<GError>?) {
        network.forwarded(self, bytes: bytes, error: error)
    }
}

private final class HeaderBox { var headers: [(String, String)] = [] }

/// One connection to the proxy while its request line and header are read.
private final class ProxyConnection {
    let connection: UnsafeMutablePointer<GSocketConnection>
    unowned let network: StandInNetwork
    private let input: UnsafeMutablePointer<GDataInputStream>
    private var requestLine = ""

    init(connection: UnsafeMutablePointer<GSocketConnection>, network: StandInNetwork) {
        self.connection = connection
        self.network = network
        g_object_ref(connection)
        let stream = UnsafeMutableRawPointer(connection).assumingMemoryBound(to: GIOStream.self)
        input = g_data_input_stream_new(g_io_stream_get_input_stream(stream))
        g_data_input_stream_set_newline_type(input, G_DATA_STREAM_NEWLINE_TYPE_CR_LF)
        // The TLS layer reads the socket itself after the header: this reader must not close it.
        g_filter_input_stream_set_close_base_stream(UnsafeMutableRawPointer(input).assumingMemoryBound(to: GFilterInputStream.self), 0)
    }

    deinit {
        g_object_unref(input)
        g_object_unref(connection)
    }

    func readRequestLine() { readLine() }

    private func readLine() {
        let done: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { _, result, context in
            let me = Unmanaged<ProxyConnection>.fromOpaque(context!).takeRetainedValue()
            var length: gsize = 0
            let line = g_data_input_stream_read_line_finish(me.input, result, &length, nil)
            let text = line.map { String(cString: $0) }
            g_free(line)
            me.received(text)
        }
        g_data_input_stream_read_line_async(input, G_PRIORITY_DEFAULT, nil, done, Unmanaged.passRetained(self).toOpaque())
    }

    private func received(_ line: String?) {
        guard let line else { close(); return }
        if requestLine.isEmpty {
            guard !line.isEmpty else { close(); return }
            requestLine = line
            readLine()
            return
        }
        if !line.isEmpty { readLine(); return }  // a header line: skipped
        let parts = requestLine.split(separator: " ")
        guard parts.count >= 2 else { respondAndClose("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n"); return }
        if parts[0] == "CONNECT" {
            network.tunnel(self, authority: String(parts[1]))
        } else {
            network.answerPlain(self, method: String(parts[0]), target: String(parts[1]))
        }
    }

    func write(_ text: String, body: [UInt8] = []) {
        let stream = UnsafeMutableRawPointer(connection).assumingMemoryBound(to: GIOStream.self)
        let output = g_io_stream_get_output_stream(stream)
        let bytes = Array(text.utf8) + body
        var written: gsize = 0
        _ = bytes.withUnsafeBytes { g_output_stream_write_all(output, $0.baseAddress, gsize($0.count), &written, nil, nil) }
    }

    func respondAndClose(_ head: String, body: [UInt8] = []) {
        write(head, body: body)
        close()
    }

    func close() {
        let stream = UnsafeMutableRawPointer(connection).assumingMemoryBound(to: GIOStream.self)
        g_io_stream_close(stream, nil, nil)
        network.finished(self)
    }
}

/// GLib glue: signals and errors.
enum GLibSignal {
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ callback: GCallback, _ data: UnsafeMutableRawPointer?) -> gulong {
        g_signal_connect_data(instance, signal, callback, data, nil, GConnectFlags(rawValue: 0))
    }
}

enum GLibError {
    /// The message of a GError, freed.
    static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
#endif
