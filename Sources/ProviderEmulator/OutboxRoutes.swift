// OutboxRoutes.swift: the mails and SMS the providers send, behind Mailpit's HTTP API as Mailpit itself
// answers it (server/server.go and server/apiv1 in axllent/mailpit) and its clients call it
// (mailpit-api-client): the list with paging, newest first (GET /api/v1/messages?start&limit); mark read or
// unread (PUT /api/v1/messages, by IDs, a search, or all); delete (DELETE /api/v1/messages, by IDs, or all
// when none is given); search with Mailpit's syntax (GET and DELETE /api/v1/search?query=, OutboxSearch); a
// message by ID or `latest` (GET /api/v1/message/{ID}, which marks it read, with the links in it as an
// extra), its headers and its raw source; and the web UI's views of a message's text and HTML (/view/{ID}.txt,
// /view/{ID}.html). Errors are Mailpit's: a 400 with a text/plain message, a 404 "404 page not found".
//
// Stricter than Mailpit, and saying so: an unknown ID in a delete deletes nothing (Mailpit skips it), and a
// body that is neither JSON nor a form is refused (Mailpit deletes everything).
import Foundation
import NavigationPolicy
import JSONText

enum OutboxRoutes {
    static let routes: [ProviderEmulator.Route] = [
        ProviderEmulator.route(.get, "/api/v1/messages") { state, request, _ in
            list(state.outbox, in: state.outbox, request)
        },
        ProviderEmulator.route(.put, "/api/v1/messages") { state, request, _ in
            guard let change = Selection(request) else { return badRequest(Selection.wrongBody) }
            if !change.ids.isEmpty && change.search != nil { return badRequest("You may specify either IDs or a search query, not both") }
            let search = change.search.map(OutboxSearch.init)
            for index in state.outbox.indices where change.ids.isEmpty ? (search?.matches(state.outbox[index]) ?? true)
                                                                         : change.ids.contains(state.outbox[index].id) {
                state.outbox[index].read = change.read
            }
            return ok
        },
        ProviderEmulator.route(.delete, "/api/v1/messages") { state, request, _ in
            guard let change = Selection(request) else { return badRequest(Selection.wrongBody) }
            if change.ids.isEmpty {
                state.outbox.removeAll()
                return ok
            }
            let unknown = change.ids.filter { id in !state.outbox.contains { $0.id == id } }
            guard unknown.isEmpty else {
                return badRequest("no message \(unknown.joined(separator: ", ")): nothing was deleted (Mailpit skips unknown IDs; the emulator refuses them)")
            }
            state.outbox.removeAll { change.ids.contains($0.id) }
            return ok
        },
        ProviderEmulator.route(.get, "/api/v1/search") { state, request, _ in
            guard let query = request.query["query"]?.trimmingCharacters(in: .whitespaces), !query.isEmpty else { return badRequest("Error: no search query") }
            let search = OutboxSearch(query)
            return list(state.outbox.filter(search.matches), in: state.outbox, request)
        },
        ProviderEmulator.route(.delete, "/api/v1/search") { state, request, _ in
            guard let query = request.query["query"]?.trimmingCharacters(in: .whitespaces), !query.isEmpty else { return badRequest("Error: no search query") }
            let search = OutboxSearch(query)
            state.outbox.removeAll(where: search.matches)
            return ok
        },
        ProviderEmulator.route(.get, "/api/v1/message/{id}") { state, request, _ in
            guard let index = index(request.pathParameters.get("id"), in: state.outbox) else { return notFound }
            state.outbox[index].read = true
            return .json(200, state.outbox[index].messageFields)
        },
        ProviderEmulator.route(.get, "/api/v1/message/{id}/headers") { state, request, _ in
            guard let index = index(request.pathParameters.get("id"), in: state.outbox) else { return notFound }
            return .json(200, state.outbox[index].headersFields)
        },
        ProviderEmulator.route(.get, "/api/v1/message/{id}/raw") { state, request, _ in
            guard let index = index(request.pathParameters.get("id"), in: state.outbox) else { return notFound }
            return EmulatorResponse(status: 200, contentType: "text/plain; charset=utf-8", body: Array(state.outbox[index].source.utf8))
        },
        // The web UI's views of a message's parts, as its links open them.
        ProviderEmulator.route(.get, "/view/{file}") { state, request, _ in
            let file = request.pathParameters.get("file") ?? ""
            for (suffix, type) in [(".html", "text/html; charset=utf-8"), (".txt", "text/plain; charset=utf-8")] where file.hasSuffix(suffix) {
                guard let index = index(String(file.dropLast(suffix.count)), in: state.outbox) else { return notFound }
                let message = state.outbox[index]
                return EmulatorResponse(status: 200, contentType: type, body: Array((suffix == ".html" ? message.html : message.text).utf8))
            }
            return notFound
        },
    ]

    /// Mailpit's MessagesSummary: `total` and `unread` count the mailbox, `messages_count` and
    /// `messages_unread` what matched, `count` the page; newest first from `start`, `limit` of them (50).
    static func list(_ matched: [EmulatorState.Message], in outbox: [EmulatorState.Message], _ request: EmulatorRequest) -> EmulatorResponse {
        let start = Int(request.query["start"] ?? "").flatMap { $0 > 0 ? $0 : nil } ?? 0
        let limit = Int(request.query["limit"] ?? "").flatMap { $0 > -1 ? $0 : nil } ?? 50
        let page = Array(matched.reversed().dropFirst(start).prefix(limit))
        return .json(200, JSONFields([
            ("total", .int(outbox.count)), ("unread", .int(outbox.filter { !$0.read }.count)), ("count", .int(page.count)),
            ("messages_count", .int(matched.count)), ("messages_unread", .int(matched.filter { !$0.read }.count)),
            ("start", .int(start)), ("tags", .array([])), ("messages", .array(page.map { .object($0.summaryFields) })),
        ]))
    }

    /// A message by its ID, or the newest for `latest`.
    static func index(_ id: String?, in outbox: [EmulatorState.Message]) -> Int? {
        id == "latest" ? (outbox.isEmpty ? nil : outbox.count - 1) : outbox.firstIndex { $0.id == id }
    }

    /// Which messages a PUT or DELETE names: Mailpit's JSON body (`{"IDs": [...], "Read": true, "Search": "..."}`),
    /// or the form mailpit-api-client sends (`ids=…&ids=…&Read=true`); no body names none.
    struct Selection {
        static let wrongBody = "the body must be JSON such as {\"IDs\": [\"ID\"]} or a form of ids"
        var ids: [String] = []
        var read = false
        var search: String?

        init?(_ request: EmulatorRequest) {
            guard !request.body.isEmpty else { return }
            if let body = request.json {
                if let listed = body["IDs"] {
                    // An array of message IDs, each a string: anything else is the caller's mistake.
                    guard let array = listed.arrayValue else { return nil }
                    let ids = array.compactMap(\.stringValue)
                    guard ids.count == array.count else { return nil }
                    self.ids = ids
                }
                read = body["Read"]?.boolValue ?? false
                search = body["Search"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            } else if request.contentType.hasPrefix("application/x-www-form-urlencoded") {
                for (name, value) in request.formPairs {
                    switch name.lowercased() {
                    case "ids": ids.append(value)
                    case "read": read = ["true", "1"].contains(value.lowercased())
                    case "search": search = value.isEmpty ? nil : value
                    default: break
                    }
                }
            } else {
                return nil
            }
        }
    }

    static let ok = EmulatorResponse(status: 200, contentType: "text/plain", body: Array("ok".utf8))
    static let notFound = EmulatorResponse(status: 404, contentType: "text/plain", body: Array("404 page not found".utf8))

    static func badRequest(_ message: String) -> EmulatorResponse {
        EmulatorResponse(status: 400, contentType: "text/plain", body: Array(message.utf8))
    }
}
