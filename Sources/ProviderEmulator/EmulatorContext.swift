// EmulatorContext.swift: the request context of the emulator's Hummingbird router: Hummingbird's core
// context, the emulator whose state the request reads and changes (set by the router's first middleware,
// EmulatorStateMiddleware: a context is made from the connection alone, so the state is put in it there),
// and the request's body once BodyMiddleware has read it within the configured limit and time.
import Hummingbird

public struct EmulatorContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The emulator the router was built for.
    public internal(set) var emulator: ProviderEmulator?
    /// The request's body, read once (empty before BodyMiddleware, and for a request that declares none).
    public internal(set) var body: [UInt8] = []

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }
}
