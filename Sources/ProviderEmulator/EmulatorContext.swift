// EmulatorContext.swift: the request context of the emulator's Hummingbird router: Hummingbird's core
// context and the request's body once BodyMiddleware has read it within the configured limit and time. The
// emulator itself is no field of it: the routes and middleware hold it, given when the router is built.
import Hummingbird
import NIOCore

package struct EmulatorContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The request's body, read once (empty before BodyMiddleware, and for a request that declares none).
    package internal(set) var body: [UInt8] = []

    /// The event loop of the request's connection (BodyMiddleware's deadline is a timer on it).
    let eventLoop: any EventLoop

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        eventLoop = source.channel.eventLoop
    }
}
