// EmulatorContext.swift: the request context of the emulator's Hummingbird router: Hummingbird's core
// context, the emulator whose state the request reads and changes (set by the router's first middleware,
// EmulatorStateMiddleware: a context is made from the connection alone, so the state is put in it there),
// and the request's body once BodyMiddleware has read it within the configured limit and time.
import Hummingbird
import NIOCore

public struct EmulatorContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The emulator the router was built for.
    public internal(set) var emulator: ProviderEmulator?
    /// The request's body, read once (empty before BodyMiddleware, and for a request that declares none).
    public internal(set) var body: [UInt8] = []

    /// The event loop of the request's connection (BodyMiddleware's deadline is a timer on it).
    let eventLoop: any EventLoop

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        eventLoop = source.channel.eventLoop
    }
}
