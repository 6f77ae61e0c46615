// BodyDeadlineHandlerTests.swift: the body deadline's handler on an EmbeddedChannel, whose clock moves only
// when a test moves it: a body late by its own deadline fails its stream, one that ends in time does not, and
// the connection's one timer, left over from an earlier body, neither expires a later body early nor lets it
// run late. Over a real socket the same is in BodyReadTests.
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
@testable import ProviderEmulator
import Testing

@Suite("provider emulator: the body deadline on a connection's clock")
struct BodyDeadlineHandlerTests {
    /// Records the errors that reach the end of the pipeline (the request stream's end, in the server).
    final class ErrorRecorder: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPRequestPart
        var errors: [any Error] = []
        var expired: Int { errors.filter { $0 is BodyDeadlineHandler.Expired }.count }
        func errorCaught(context: ChannelHandlerContext, error: any Error) { errors.append(error) }
    }

    static func channel(timeout: TimeAmount) throws -> (EmbeddedChannel, EmbeddedEventLoop, ErrorRecorder) {
        let loop = EmbeddedEventLoop()
        let recorder = ErrorRecorder()
        let channel = EmbeddedChannel(loop: loop)
        try channel.pipeline.syncOperations.addHandler(BodyDeadlineHandler(timeout: timeout))
        try channel.pipeline.syncOperations.addHandler(recorder)
        return (channel, loop, recorder)
    }

    static func head(_ fields: HTTPFields) -> HTTPRequestPart {
        .head(HTTPRequest(method: .post, scheme: nil, authority: "127.0.0.1", path: "/oauth/token", headerFields: fields))
    }
    static let withBody = head([.contentLength: "5"])
    static let body = HTTPRequestPart.body(ByteBuffer(string: "a=b&c"))

    @Test("a body that has not ended by its deadline fails its stream once; one that ended in time never does")
    func lateAndInTime() throws {
        let (channel, loop, recorder) = try Self.channel(timeout: .seconds(10))
        try channel.writeInbound(Self.withBody)
        try channel.writeInbound(Self.body)
        try channel.writeInbound(HTTPRequestPart.end(nil))
        loop.advanceTime(by: .seconds(30))
        #expect(recorder.expired == 0)
        try channel.writeInbound(Self.withBody)
        loop.advanceTime(by: .seconds(9))
        #expect(recorder.expired == 0)
        loop.advanceTime(by: .seconds(1))
        #expect(recorder.expired == 1)
        loop.advanceTime(by: .seconds(30))
        #expect(recorder.expired == 1)
        _ = try? channel.finish()
    }

    @Test("the timer an earlier body started gives a later body its own full time, then expires it at its deadline")
    func laterBodyKeepsItsOwnDeadline() throws {
        let (channel, loop, recorder) = try Self.channel(timeout: .seconds(10))
        // The first body ends at once; its timer is left, due at 10 s.
        try channel.writeInbound(Self.withBody)
        try channel.writeInbound(HTTPRequestPart.end(nil))
        loop.advanceTime(by: .seconds(6))
        // The second body's head at 6 s: due at 16 s, not at the first timer's 10 s.
        try channel.writeInbound(Self.withBody)
        loop.advanceTime(by: .seconds(5))
        #expect(recorder.expired == 0)
        loop.advanceTime(by: .seconds(4))
        #expect(recorder.expired == 0)
        loop.advanceTime(by: .seconds(1))
        #expect(recorder.expired == 1)
        _ = try? channel.finish()
    }

    @Test("requests that declare no body are never timed; the heads' fields are read as a body's declaration",
          arguments: [
              (HTTPFields([HTTPField(name: .contentLength, value: "0")]), false),
              (HTTPFields(), false),
              (HTTPFields([HTTPField(name: .contentLength, value: "12")]), true),
              (HTTPFields([HTTPField(name: .transferEncoding, value: "chunked")]), true),
              (HTTPFields([HTTPField(name: .contentLength, value: "5"), HTTPField(name: .contentLength, value: "5")]), false),
              (HTTPFields([HTTPField(name: .contentLength, value: "x")]), false),
          ])
    func declarations(fields: HTTPFields, declares: Bool) throws {
        #expect(BodyDeadlineHandler.declaresBody(fields) == declares)
        let (channel, loop, recorder) = try Self.channel(timeout: .seconds(1))
        try channel.writeInbound(Self.head(fields))
        loop.advanceTime(by: .seconds(2))
        #expect(recorder.expired == (declares ? 1 : 0))
        _ = try? channel.finish()
    }
}
