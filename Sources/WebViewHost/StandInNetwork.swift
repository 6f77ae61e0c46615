// StandInNetwork.swift: the hosted view's whole network, and its server. WebKit is told to use a proxy on
// 127.0.0.1 (StandInProxy; loopback hosts excepted, so a test's own server is reached directly). https: a
// CONNECT the proxy accepts is tunnelled here, TLS is ended with the stand-in certificate (which the view
// trusts for those hosts only; StandInTLS says why its TLS end is made without a CA database), and
// libsoup's server reads the requests, which the site answers; a tunnel stays open for request after
// request, as a real server's connection does. With a provider (`--provider`), every CONNECT is accepted
// and the certificate trusted for its host as it arrives, and the requests ProviderRouting names go to the
// emulator's server (ProviderForwarder). What neither serves is refused. Every request, answered or
// refused, is reported. Runs on the GLib main loop with the view: no threads.
#if WebKit
import FlowInspector
import BrowserURL
import CSoup
import Foundation
import NavigationReplay
import ProviderDirectory
import SensitiveText

final class StandInNetwork {
    let site: HostSite
    let provider: ProviderRouting?
    let report: (NetworkExchange) -> Void
    /// Told once per run when a running `bridge serve` does not answer (why: libsoup's error).
    let providerUnreachable: (String) -> Void
    var toldUnreachable = false
    /// Trusts the stand-in certificate for one more host (set by `configure`).
    var allowHost: ((String) -> Void)?
    /// The context's data manager (a WebKitWebsiteDataManager) and the library to call it with: a round trip
    /// through it tells when the network process has the trust. Nil under Chromium.
    var dataManager: (manager: OpaquePointer, webkit: WebKitLibrary)?
    var allowedHosts = Set<String>()
    /// The client that forwards to a running `bridge serve`.
    var session: UnsafeMutablePointer<SoupSession>?
    var service: UnsafeMutablePointer<GSocketService>?
    var server: UnsafeMutablePointer<SoupServer>?
    private(set) var certificate: UnsafeMutablePointer<GTlsCertificate>?
    private(set) var port: UInt16 = 0
    /// Why connections close after each answer, when they do (nil: they stay open).
    /// Why libsoup could not listen on loopback (GLib's words), when it could not: each connection then
    /// closes after one answer.
    private(set) var listenFailure: String?
    /// Connections being read (retained while their CONNECT header is read).
    var pending: [ObjectIdentifier: ProxyConnection] = [:]

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
    func configure(_ context: OpaquePointer, webkit: WebKitLibrary) {
        let data = webkit.webkit_web_context_get_website_data_manager(context)
        let ignored = Loopback.proxyBypassPatterns
        var pointers = ignored.map { strdup($0) } + [nil]
        let proxy = pointers.withUnsafeMutableBufferPointer { buffer in
            webkit.webkit_network_proxy_settings_new(proxyURI, UnsafePointer(buffer.baseAddress!).withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buffer.count) { $0 })
        }
        pointers.forEach { free($0) }
        webkit.webkit_website_data_manager_set_network_proxy_settings(data, WebKitLibrary.WEBKIT_NETWORK_PROXY_MODE_CUSTOM, proxy)
        webkit.webkit_network_proxy_settings_free(proxy)
        let certificate = self.certificate
        dataManager = data.map { ($0, webkit) }
        allowHost = { [unowned self] host in
            guard self.allowedHosts.insert(host).inserted else { return }
            webkit.webkit_web_context_allow_tls_certificate_for_host(context, certificate, host)
        }
        for host in site.hosts { allowHost?(host) }
        if provider != nil { for host in ProviderDirectory.exactHosts { allowHost?(host) } }
    }

    /// A CONNECT to this host is tunnelled into the stand-in server.
    func tunnels(_ host: String) -> Bool {
        provider != nil || site.hosts.contains(host)
    }

    func start() throws {
        var error: UnsafeMutablePointer<GError>?
        guard let pem = g_tls_certificate_new_from_pem(StandInCertificate.pem, -1, &error) else {
            throw HostError(.standInCertificate(why: GLibError.take(error)))
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
        // one connection per request, so a failure here is not fatal: `listenFailure` says why (--verbose).
        if soup_server_listen_local(server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error) == 0 {
            listenFailure = GLibError.take(error)
        }
        error = nil

        service = g_socket_service_new()
        let address = g_inet_socket_address_new_from_string("127.0.0.1", 0)
        defer { g_object_unref(address) }
        var effective: UnsafeMutablePointer<GSocketAddress>?
        let listener = UnsafeMutableRawPointer(service!).assumingMemoryBound(to: GSocketListener.self)
        guard g_socket_listener_add_address(listener, address, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, nil, &effective, &error) != 0,
              let effective else {
            throw HostError(.standInListen(why: GLibError.take(error)))
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

    // MARK: The stand-in server (https, after the tunnel)

    func serve(_ message: OpaquePointer) {
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
    func write(_ msg: OpaquePointer, status: Int, headers: [(String, String)], body: [UInt8]) {
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

    func rendered(_ response: SiteResponse) -> (Int, [(String, String)], [UInt8], NetworkDetail?) { SiteAnswer.rendered(response) }

    static func reason(_ status: Int) -> String { SiteAnswer.reason(status) }
}

#endif
