// ProviderForwarder.swift: the requests ProviderRouting names (the providers' hosts, the app-backend
// paths), sent to the emulator while the stand-in server's message waits paused: through its router when it
// runs in this process (ProviderRouting.answer, the answer brought back to the main loop), else to its
// server's base URL with libsoup's client; the answer passed back to the page as it came (status, headers, body);
// a server that does not answer is a 502 to the page and, once per run, the run's reason.
#if WebKit
import FlowInspector
import CSoup
import BrowserURL
import Foundation
import NavigationReplay
import ProviderDirectory

extension StandInNetwork {
    // MARK: The provider

    func askProvider(_ provider: ProviderRouting, message msg: OpaquePointer, method: String, url: String, target: String,
                             headers: OpaquePointer?) {
        var body: [UInt8] = []
        if let requestBody = soup_server_message_get_request_body(msg), let data = requestBody.pointee.data, requestBody.pointee.length > 0 {
            body = Array(UnsafeRawBufferPointer(start: data, count: Int(requestBody.pointee.length)))
        }
        let exchange = ProviderExchange(pageRequestTo: url, method: method, target: target, body: body) { name in
            soup_message_headers_get_one(headers, name).map { String(cString: $0) }
        }
        forward(exchange, to: provider, message: msg, url: url)
    }

    func respond(_ msg: OpaquePointer, _ answer: ProviderAnswer, method: String, url: String, detail: NetworkDetail) {
        report(NetworkExchange(method: method, url: url, status: answer.status, detail: detail, refused: false))
        write(msg, status: answer.status, headers: answer.headers, body: answer.body)
    }

    /// Sends one request on to the emulator (in this process through its router, else to a running `bridge
    /// serve`) and answers the paused server message with its reply.
    func forward(_ exchange: ProviderExchange, to provider: ProviderRouting, message msg: OpaquePointer, url: String) {
        if let answer = provider.answer {
            soup_server_message_pause(msg)
            g_object_ref(UnsafeMutableRawPointer(msg))
            let pending = InProcessAnswer(network: self, server: msg, method: exchange.method, url: url, origin: exchange.origin)
            Task {
                pending.answer = await answer(exchange)
                // Back on the main loop, where the server and the view live.
                let done: @convention(c) (gpointer?) -> gboolean = { context in
                    let pending = Unmanaged<InProcessAnswer>.fromOpaque(context!).takeRetainedValue()
                    if let network = pending.network {
                        network.answered(pending)
                    } else {
                        // The run ended first: nothing to answer, the server message only to let go.
                        g_object_unref(UnsafeMutableRawPointer(pending.server))
                    }
                    return 0
                }
                g_idle_add(done, Unmanaged.passRetained(pending).toOpaque())
            }
            return
        }
        let base = provider.base
        if session == nil {
            session = soup_session_new()
            soup_session_set_proxy_resolver(session, nil)  // straight to loopback, never through a proxy
        }
        let destination = ProviderRouting.forwardURL(base: base, target: exchange.target)
        guard let outgoing = soup_message_new(exchange.method, destination) else {
            respond(msg, ProviderAnswer(status: 502, headers: [("Content-Type", "text/plain")], body: SiteAnswer.statusBody(502)),
                    method: exchange.method, url: url, detail: .badProviderURL(destination))
            return
        }
        soup_message_add_flags(outgoing, SOUP_MESSAGE_NO_REDIRECT)
        let requestHeaders = soup_message_get_request_headers(outgoing)
        if let origin = exchange.origin { soup_message_headers_replace(requestHeaders, "Origin", origin) }
        for (name, value) in exchange.headers { soup_message_headers_replace(requestHeaders, name, value) }
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

    func forwarded(_ pending: PendingForward, bytes: OpaquePointer?, error: UnsafeMutablePointer<GError>?) {
        defer {
            soup_server_message_unpause(pending.server)
            g_object_unref(UnsafeMutableRawPointer(pending.server))
            g_object_unref(UnsafeMutableRawPointer(pending.outgoing))
        }
        guard let bytes else {
            let why = GLibError.take(error)
            respond(pending.server, ProviderAnswer(status: 502, headers: [("Content-Type", "text/plain")],
                                                   body: SiteAnswer.statusBody(502)),
                    method: pending.method, url: pending.url, detail: .providerUnanswered(why: why))
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
        pass(ProviderAnswer(status: Int(soup_message_get_status(pending.outgoing).rawValue), headers: box.headers, body: body),
             to: pending.server, method: pending.method, url: pending.url, origin: pending.origin)
    }

    /// The in-process emulator's answer, on the main loop.
    func answered(_ pending: InProcessAnswer) {
        defer {
            soup_server_message_unpause(pending.server)
            g_object_unref(UnsafeMutableRawPointer(pending.server))
        }
        pass(pending.answer ?? ProviderAnswer(status: 500, headers: [], body: []), to: pending.server, method: pending.method, url: pending.url,
             origin: pending.origin)
    }

    /// The emulator's answer passed to the page, and said in the report (ProviderAnswer.passed).
    func pass(_ answer: ProviderAnswer, to msg: OpaquePointer, method: String, url: String, origin: String?) {
        let (passed, exchange) = answer.passed(toPageAt: url, origin: origin, method: method)
        report(exchange)
        write(msg, status: passed.status, headers: passed.headers, body: passed.body)
    }
}

/// A request forwarded to `bridge serve`, until its answer arrives.
final class PendingForward {
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

/// A request the emulator in this process answers, until its answer is back on the main loop.
final class InProcessAnswer: @unchecked Sendable {
    /// Weak: an answer may come back after the run has torn its network down.
    weak var network: StandInNetwork?
    let server: OpaquePointer
    let method: String
    let url: String
    let origin: String?
    var answer: ProviderAnswer?

    init(network: StandInNetwork, server: OpaquePointer, method: String, url: String, origin: String?) {
        self.network = network; self.server = server; self.method = method; self.url = url; self.origin = origin
    }
}

final class HeaderBox { var headers: [(String, String)] = [] }
#endif
