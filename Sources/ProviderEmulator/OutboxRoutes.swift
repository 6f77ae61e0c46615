// OutboxRoutes.swift: the mails and SMS the providers send, shaped like Mailpit's HTTP API (what tests and
// people already know from local mail catchers): GET /api/v1/messages (newest first), GET
// /api/v1/message/{ID} and /api/v1/message/latest (with Text, HTML and the links in it), GET
// /api/v1/search?query=to:ADDRESS (an e-mail address or a phone number), DELETE /api/v1/messages (the IDs
// given, or all).
import Foundation
import NavigationPolicy
import JSONText

enum OutboxRoutes {
    static let routes: [ProviderEmulator.Route] = [
        ProviderEmulator.route("GET", "/api/v1/messages") { state, _, _, _ in list(state.outbox) },
        // Mailpit's delete: {"IDs": [...]} deletes those messages (an unknown ID is an error and nothing is
        // deleted); no body, or no IDs, deletes every message.
        ProviderEmulator.route("DELETE", "/api/v1/messages") { state, request, _, _ in
            var ids: [String] = []
            if !request.body.isEmpty {
                guard let body = request.json, (body["IDs"] == nil || body["IDs"] is [String]) else {
                    return ProviderEmulator.providerError("/api/", status: 400, error: "invalid_request",
                                                          description: "the body must be {\"IDs\": [\"ID\", …]}, or empty to delete every message")
                }
                ids = body["IDs"] as? [String] ?? []
            }
            if ids.isEmpty {
                state.outbox.removeAll()
            } else {
                let unknown = ids.filter { id in !state.outbox.contains { $0.id == id } }
                guard unknown.isEmpty else {
                    return ProviderEmulator.providerError("/api/", status: 404, error: "not_found", description: "no message \(unknown.joined(separator: ", "))")
                }
                state.outbox.removeAll { ids.contains($0.id) }
            }
            return .json(200, JSONFields.single("deleted", .bool(true)))
        },
        ProviderEmulator.route("GET", "/api/v1/search") { state, request, _, _ in
            guard let query = request.query["query"], query.hasPrefix("to:") else {
                return ProviderEmulator.providerError("/api/", status: 400, error: "invalid_query", description: "query must be to:ADDRESS")
            }
            let address = String(query.dropFirst(3)).lowercased()
            return list(state.outbox.filter { $0.to.lowercased() == address })
        },
        ProviderEmulator.route("GET", "/api/v1/message/{id}") { state, _, parameters, _ in
            let id = parameters["id"] ?? ""
            guard let message = id == "latest" ? state.outbox.last : state.outbox.first(where: { $0.id == id }) else {
                return ProviderEmulator.providerError("/api/", status: 404, error: "not_found", description: "no message \(id)")
            }
            var fields = summary(message)
            fields.add("Text", message.text)
            fields.add("HTML", message.html)
            fields.add("Links", .array(message.links.map { .string($0) }))
            return .json(200, fields)
        },
    ]

    static func list(_ messages: [EmulatorState.Message]) -> EmulatorResponse {
        .json(200, JSONFields([("total", .int(messages.count)), ("messages_count", .int(messages.count)),
                               ("messages", .array(messages.reversed().map { .object(summary($0)) }))]))
    }

    static func summary(_ message: EmulatorState.Message) -> JSONFields {
        JSONFields([("ID", .string(message.id)), ("Channel", .string(message.channel)),
                    ("From", .object(JSONFields([("Name", .string("")), ("Address", .string(message.from))]))),
                    ("To", .array([.object(JSONFields([("Name", .string("")), ("Address", .string(message.to))]))])),
                    ("Subject", .string(message.subject)), ("Created", .string(EmulatorClock.iso(message.created))),
                    ("Snippet", .string(String(message.text.prefix(120))))])
    }
}
