// EndpointArticle.swift: the DocC article that lists every endpoint the emulator answers
// (ProviderEmulator.docc/Endpoints.md), made from the router's own groups and route tables: a test
// compares the article with this text, so the documentation cannot drift from the routes;
// `BRIDGE_WRITE_DOCS=1 swift test --filter GeneratedArticles` writes it anew.

extension EmulatorRouter {
    /// The Endpoints article: each group with its methods and paths, in the router's order.
    public static var article: String {
        var text = """
            # The endpoints

            Every route `bridge serve` answers, by group, made from the emulator's route tables. `{name}` is one \
            path segment. Besides these: the widget's stand-in scripts on any path Janrain's CDN serves them \
            under (`GET …/load.js`, `/load/APP`, `…/xdcomm.js`), a preflight (`OPTIONS`) on any provider path, and \
            the providers' own errors for anything else (404, or 405 for a known path asked with another method).
            The providers' groups take injected faults (`POST /emulator/v1/faults`); the control plane never fails \
            on purpose.

            """
        for group in groups {
            text += "\n## \(group.name)\n\n| method | path |\n| --- | --- |\n"
            for route in group.routes { text += "| \(route.method) | `\(route.path)` |\n" }
            if group.name == groups.first(where: { !$0.faults })?.name {
                text += "| GET | `\(eventsPath)` (server-sent events) |\n"
            }
        }
        return text
    }
}
