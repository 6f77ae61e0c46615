// BodyDeadlineHandler.swift: a request body's deadline, kept where its bytes arrive: a channel handler in each
// connection's pipeline (Hummingbird's additionalChannelHandlers), its timer the connection's event loop's own
// (a scheduled task, the way NIO's handlers time out; one a connection, moved on to the next body's deadline
// rather than made and cancelled for each request), so a body costs no task and no hand-off to another
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
    /// When the body under way must have arrived whole; nil when none is under way.
    private var deadline: NIODeadline?
    /// The connection's one timer. It is left running when a body ends and is moved to the deadline of the
    /// body then under way when it fires early, so a connection's requests schedule and cancel no task each.
    private var timer: Scheduled<Void>?
    private var expired = false

    /// `timeout`: the time a declared body has, from its head, to arrive whole.
    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    /// Whether a request head declares a body: a Transfer-Encoding, or one Content-Length above 0 (two
    /// Content-Length fields, which the parser refuses anyway, are no number). One pass over the fields:
    /// HTTPFields' subscript joins what it finds into a new String.
    static func declaresBody(_ fields: HTTPFields) -> Bool {
        var lengths = 0, length = 0
        for field in fields {
            if field.name == .transferEncoding { return true }
            if field.name == .contentLength {
                lengths += 1
                length = Int(field.value) ?? 0
            }
        }
        return lengths == 1 && length > 0
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !expired else { return }
        switch unwrapInboundIn(data) {
        case .head(let head) where Self.declaresBody(head.headerFields):
            let due = context.eventLoop.now + timeout
            deadline = due
            if timer == nil { schedule(at: due, context) }
        case .head:
            deadline = nil
        case .end:
            deadline = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    private func schedule(at due: NIODeadline, _ context: ChannelHandlerContext) {
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) { [self] in timerFired(context) }
    }

    /// The timer's time came: the body under way is late if its deadline has passed; a later body's deadline
    /// gets the timer; with no body under way, the next head that declares one starts it again.
    private func timerFired(_ context: ChannelHandlerContext) {
        timer = nil
        guard let deadline else { return }
        if deadline <= context.eventLoop.now { expire(context) } else { schedule(at: deadline, context) }
    }

    /// The deadline passed before the request's end: its stream ends with `Expired`, and nothing more is read.
    private func expire(_ context: ChannelHandlerContext) {
        deadline = nil
        expired = true
        context.fireErrorCaught(Expired())
    }

    private func stopTimer() {
        timer?.cancel()
        timer = nil
        deadline = nil
    }

    func handlerRemoved(context: ChannelHandlerContext) { stopTimer() }

    func channelInactive(context: ChannelHandlerContext) {
        stopTimer()
        context.fireChannelInactive()
    }
}
