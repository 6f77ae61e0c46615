// BodyDeadlineHandler.swift: a request body's deadline, kept where its bytes arrive: a channel handler in each
// connection's pipeline (Hummingbird's additionalChannelHandlers), its timer the connection's event loop's own
// (a scheduled task, the way NIO's handlers time out), so a body costs no task and no hand-off to another
// thread: the route reads it in line (BodyMiddleware). Parts go through as they arrive, so Hummingbird's idle
// timeout sees the body arriving. When a head that declares a body has not reached its end by the deadline,
// the request's stream of parts ends with `Expired`: BodyMiddleware answers 408 in the provider's words, and
// the connection then closes (Hummingbird closes one whose stream failed), with what else arrived on it unread.
import HTTPTypes
import NIOCore
import NIOHTTPTypes

final class BodyDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    /// What a body that did not arrive in time throws where it is read.
    struct Expired: Error {}

    private let timeout: TimeAmount
    private var deadline: Scheduled<Void>?
    private var expired = false

    /// `timeout`: the time a declared body has, from its head, to arrive whole.
    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    /// Whether a request head declares a body: a Content-Length above 0, or a Transfer-Encoding.
    static func declaresBody(_ fields: HTTPFields) -> Bool {
        (fields[.contentLength].flatMap { Int($0) } ?? 0) > 0 || fields[.transferEncoding] != nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !expired else { return }
        switch unwrapInboundIn(data) {
        case .head(let head) where Self.declaresBody(head.headerFields):
            stopTimer()
            deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in expire(context) }
        case .end:
            stopTimer()
        case .head, .body:
            break
        }
        context.fireChannelRead(data)
    }

    /// The deadline passed before the request's end: its stream ends with `Expired`, and nothing more is read.
    private func expire(_ context: ChannelHandlerContext) {
        deadline = nil
        expired = true
        context.fireErrorCaught(Expired())
    }

    private func stopTimer() {
        deadline?.cancel()
        deadline = nil
    }

    func handlerRemoved(context: ChannelHandlerContext) { stopTimer() }

    func channelInactive(context: ChannelHandlerContext) {
        stopTimer()
        context.fireChannelInactive()
    }
}
