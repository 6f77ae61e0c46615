// BodyDeadlineHandler.swift: a request's body gathered where its bytes arrive, within the configured time: a
// channel handler in each connection's pipeline (Hummingbird's additionalChannelHandlers), on the connection's
// event loop. A head that declares a body is held, with the body's parts, until the request's end arrives, then
// passed on whole; the route reads a body that is already there, with no task of its own and no hand-off to
// another thread. One whose end has not arrived by the deadline is passed on with the time-out marked on it
// (`timedOutField`) and `Connection: close`: BodyMiddleware answers 408 in the provider's words, Hummingbird
// closes the connection after that answer (RFC 9110 §15.5.9), and what else arrives on it is dropped. A body
// past the configured limit is passed on as it arrives, so BodyMiddleware answers 413 as soon as the limit is
// crossed. The timer is the event loop's own (NIO's scheduled tasks, the way NIO's handlers time out).
import HTTPTypes
import NIOCore
import NIOHTTPTypes

final class BodyDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What a request whose body did not arrive in time carries to BodyMiddleware. Taken off every request
    /// that arrives with it: only this handler sets it.
    static let timedOutField = HTTPField.Name("X-Bridge-Body-Timed-Out")!

    private enum State {
        /// Parts go through as they come: no body is being held.
        case passing
        /// A head that declares a body, held with the parts of its body so far (`bytes` of them).
        case holding(head: HTTPRequest, parts: [ByteBuffer], bytes: Int)
        /// The held request was passed on timed out: everything after it is dropped.
        case timedOut
    }

    private let timeout: TimeAmount
    private let limit: Int
    private var state = State.passing
    private var deadline: Scheduled<Void>?

    /// `timeout`: the time a body has to arrive whole; `limit`: the bytes held at most (past them, the
    /// request goes on as it arrives, to be refused).
    init(timeout: TimeAmount, limit: Int) {
        self.timeout = timeout
        self.limit = limit
    }

    /// Whether a request head declares a body: a Content-Length above 0, or a Transfer-Encoding.
    static func declaresBody(_ fields: HTTPFields) -> Bool {
        (fields[.contentLength].flatMap { Int($0) } ?? 0) > 0 || fields[.transferEncoding] != nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch (unwrapInboundIn(data), state) {
        case (_, .timedOut):
            return
        case (.head(var head), _):
            head.headerFields[Self.timedOutField] = nil
            guard Self.declaresBody(head.headerFields) else {
                context.fireChannelRead(wrapInboundOut(.head(head)))
                return
            }
            state = .holding(head: head, parts: [], bytes: 0)
            deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in expire(context) }
        case (.body(let buffer), .holding(let head, var parts, let bytes)):
            parts.append(buffer)
            if bytes + buffer.readableBytes > limit {
                release(head, parts, context)
            } else {
                state = .holding(head: head, parts: parts, bytes: bytes + buffer.readableBytes)
            }
        case (.end, .holding(let head, let parts, _)):
            release(head, parts, context)
            context.fireChannelRead(data)
        case (_, .passing), (.body, _), (.end, _):
            context.fireChannelRead(data)
        }
    }

    /// Passes the held request on (its end, when it has come, after it) and lets the rest through.
    private func release(_ head: HTTPRequest, _ parts: [ByteBuffer], _ context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        state = .passing
        context.fireChannelRead(wrapInboundOut(.head(head)))
        for part in parts { context.fireChannelRead(wrapInboundOut(.body(part))) }
    }

    /// The deadline passed with the request still held: it goes on marked, with no body, and ends the connection.
    private func expire(_ context: ChannelHandlerContext) {
        guard case .holding(var head, _, _) = state else { return }
        deadline = nil
        state = .timedOut
        head.headerFields[Self.timedOutField] = "1"
        head.headerFields[.connection] = "close"
        context.fireChannelRead(wrapInboundOut(.head(head)))
        context.fireChannelRead(wrapInboundOut(.end(nil)))
        context.fireChannelReadComplete()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }
}
