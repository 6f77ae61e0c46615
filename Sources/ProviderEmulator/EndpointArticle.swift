// EndpointArticle.swift: the DocC article that lists every endpoint the emulator answers
// (ProviderEmulator.docc/Endpoints.md), made from the router's own groups and route tables: a test
// compares the article with this text, so the documentation cannot drift from the routes;
// `BRIDGE_WRITE_DOCS=1 swift test --filter GeneratedArticles` writes it anew.

extension EmulatorRouter {
    /// The Endpoints article: each group with its methods and paths, in the router's order.
    package static var article: String {
        var text = """
            # The endpoints

            Every route `bridge serve` answers, by group, made from the emulator's route tables. `{name}` is one \
            path segment. Besides these: the widget's stand-in scripts on any path Janrain's CDN serves them \
            under (`GET …/load.js`, `/load/APP`, `…/xdcomm.js`), a preflight (`OPTIONS`) on any provider path, and \
            the providers' own errors for anything else (404, or 405 for a known path asked with another method).

            Each group is on a plane, which decides who may call its routes, on the path as the router reads it \
            (empty segments dropped, so `//emulator/v1/codes` is `/emulator/v1/codes`):
            - **provider**: any page may call; loopback origins and the configuration's `allowedOrigins` may read \
            the answers (CORS, with preflights); injected faults (`POST /emulator/v1/faults`) reach it.
            - **page**: a provider's hosted pages, as a provider's routes, and every page is sent with a \
            Content-Security-Policy that runs no script.
            - **control**: the emulator's own routes, the outbox and the dashboard: no request from another page, \
            whatever its method or content type (an `Origin` or a `Sec-Fetch-Site` that is not this server's); \
            no CORS; never a fault.

            """
        for group in groups {
            text += "\n## \(group.name)\n\nPlane: \(group.plane.rawValue).\n\n| method | path |\n| --- | --- |\n"
            for route in group.routes { text += "| \(route.method.rawValue) | `\(route.path)` |\n" }
            if group.name == groups.first(where: { $0.plane == .control })?.name {
                text += "| GET | `\(eventsPath)` (server-sent events) |\n"
            }
        }
        return text
    }
}
