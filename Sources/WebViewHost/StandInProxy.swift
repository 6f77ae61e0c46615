// StandInProxy.swift: the stand-in network's proxy on 127.0.0.1, which WebKit sends everything but
// loopback through: each connection's request line and header are read (ProxyConnection); a CONNECT to a
// host the site serves (or any host, with a provider) is tunnelled into the stand-in server once the
// network process trusts the stand-in certificate for that host, a CONNECT to any other host is refused and
// reported, and plain http is answered from the site directly. It never connects anywhere.
#if WebKit
import FlowInspector
import CSoup
import Foundation
import NavigationReplay
import ProviderDirectory

extension StandInNetwork {
    // MARK: The proxy

    func accept(_ connection: UnsafeMutablePointer<GSocketConnection>) {
        // Answers go out as written: with Nagle's algorithm a response's body waits behind its header for
        // the client's delayed acknowledgement once connections are kept open.
        _ = g_socket_set_option(g_socket_connection_get_socket(connection), gint(IPPROTO_TCP), gint(TCP_NODELAY), 1, nil)
        let proxied = ProxyConnection(connection: connection, network: self)
        pending[ObjectIdentifier(proxied)] = proxied
        proxied.readRequestLine()
    }

    func finished(_ connection: ProxyConnection) {
        pending[ObjectIdentifier(connection)] = nil
    }

    /// A CONNECT's header has been read: tunnel into the stand-in server, or refuse.
    func tunnel(_ connection: ProxyConnection, authority: String) {
        let host = authority.split(separator: ":").first.map(String.init) ?? authority
        guard tunnels(host.lowercased()) else {
            report(NetworkExchange(method: "CONNECT", url: "https://\(authority)", status: nil,
                                   detail: .hostNotInSite(providerHost: ProviderRouting.isProviderHost(host)), refused: true))
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
            if let webkit = pending.network.dataManager?.webkit {
                // g_list_free_full takes a C function, which cannot carry the loaded library: each item is
                // unreferenced here, then the list freed.
                let list = webkit.webkit_website_data_manager_fetch_finish(OpaquePointer(source), result, nil)
                var item = list
                while let node = item { webkit.webkit_website_data_unref(OpaquePointer(node.pointee.data)); item = node.pointee.next }
                g_list_free(list)
            }
            pending.network.openTunnel(pending.connection, authority: pending.authority)
        }
        dataManager.webkit.webkit_website_data_manager_fetch(dataManager.manager, WebKitLibrary.WEBKIT_WEBSITE_DATA_HSTS_CACHE, nil, fetched,
                                                             Unmanaged.passRetained(pending).toOpaque())
    }

    /// Answers the CONNECT and ends TLS here, handing the stream to the stand-in server.
    func openTunnel(_ connection: ProxyConnection, authority: String) {
        connection.write("HTTP/1.1 200 Connection Established\r\n\r\n")
        var error: UnsafeMutablePointer<GError>?
        let stream = UnsafeMutableRawPointer(connection.connection).assumingMemoryBound(to: GIOStream.self)
        guard let certificate, let tls = StandInTLS.serverConnection(stream, certificate: certificate, error: &error) else {
            report(NetworkExchange(method: "CONNECT", url: "https://\(authority)", status: nil, detail: .tlsFailed(why: GLibError.take(error)), refused: true))
            connection.close()
            return
        }
        let local = g_socket_connection_get_local_address(connection.connection, nil)
        let remote = g_socket_connection_get_remote_address(connection.connection, nil)
        if soup_server_accept_iostream(server, UnsafeMutableRawPointer(tls).assumingMemoryBound(to: GIOStream.self), local, remote, &error) == 0 {
            report(NetworkExchange(method: "CONNECT", url: "https://\(authority)", status: nil, detail: .standInServerRefused(why: GLibError.take(error)), refused: true))
        }
        if let local { g_object_unref(local) }
        if let remote { g_object_unref(remote) }
        g_object_unref(tls)
        finished(connection)
    }

    /// A plain-http request through the proxy ("GET http://host/path HTTP/1.1"): answered here.
    func answerPlain(_ connection: ProxyConnection, method: String, target: String) {
        if let provider, provider.target(for: target) != nil {
            // Plain http to a provider: sent on as https would be (no body: the proxy reads headers only).
            connection.respondAndClose("HTTP/1.1 301 Moved Permanently\r\nLocation: \(target.replacingOccurrences(of: "http://", with: "https://"))\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            report(NetworkExchange(method: method, url: target, status: 301, detail: .upgradedToHTTPS, refused: false))
            return
        }
        let response = site.respond(to: target)
        let (status, headers, body, detail) = rendered(response)
        report(NetworkExchange(method: method, url: target, status: status, detail: detail, refused: response.isRefused))
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        connection.respondAndClose(head + "\r\n", body: body)
    }
}

/// A CONNECT waiting until the network process trusts its host.
final class PendingTunnel {
    let network: StandInNetwork
    let connection: ProxyConnection
    let authority: String
    init(network: StandInNetwork, connection: ProxyConnection, authority: String) {
        self.network = network; self.connection = connection; self.authority = authority
    }
}

/// One connection to the proxy while its request line and header are read.
final class ProxyConnection {
    let connection: UnsafeMutablePointer<GSocketConnection>
    unowned let network: StandInNetwork
    let input: UnsafeMutablePointer<GDataInputStream>
    var requestLine = ""

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

    func readLine() {
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

    func received(_ line: String?) {
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
#endif
