// ControlRoutes.swift: /emulator/v1/: the clock (GET; POST {"advance": seconds} or {"now": ISO-8601}),
// faults (POST {"path", "count", "status"}: the next requests to that path fail with that status and the
// provider's error body), users and codes (GET: every code and token issued, with its state: issued, used,
// expired), and POST reset (every provider's state back to the configuration). The live request log (GET events) is a streaming
// route of EmulatorRouter's.
import Foundation
import NavigationPolicy
import JSONText

enum ControlRoutes {
    static let routes: [ProviderEmulator.Route] = [
        ProviderEmulator.route(.get, "/emulator/v1/clock") { state, _, _ in clock(state) },
        // Back to the configuration (the base URL kept).
        ProviderEmulator.route(.post, "/emulator/v1/reset", handler: .everyProvider { states, _, configuration in
            let base = states.shared.baseURL
            states = ProviderStates(configuration, access: states.shared.access, clock: states.shared.startingClock)
            states.shared.baseURL = base
            return .json(200, JSONFields.single("stat", .string("ok")))
        }),
        ProviderEmulator.route(.post, "/emulator/v1/clock") { state, request, _ in
            guard let body = request.json else { return bad("the body must be a JSON object: {\"advance\": seconds} or {\"now\": \"ISO-8601\"}") }
            if let advance = body["advance"]?.doubleValue {
                guard advance >= 0 else { return bad("advance: the clock only moves forward") }
                guard EmulatorClock.isWithinRange(state.now.addingTimeInterval(advance)) else { return bad(outOfRange) }
                state.clock.advance(advance)
            } else if let now = body["now"]?.stringValue {
                guard let date = EmulatorClock.parse(now) else { return bad("now: \(now.debugDescription) is not an ISO-8601 date-time") }
                guard EmulatorClock.isWithinRange(date) else { return bad(outOfRange) }
                state.clock.set(date)
            } else {
                return bad("give {\"advance\": seconds} or {\"now\": \"ISO-8601\"}")
            }
            return clock(state)
        },
        ProviderEmulator.route(.post, "/emulator/v1/faults") { state, request, _ in
            guard let body = request.json, let path = body["path"]?.stringValue, path.hasPrefix("/") else {
                return bad("the body must be {\"path\": \"/oauth/token\", \"count\": 1, \"status\": 503}")
            }
            let count = body["count"]?.intValue ?? 1
            let status = body["status"]?.intValue ?? 503
            guard count > 0, (400...599).contains(status) else { return bad("count must be 1 or more and status 400 to 599") }
            state.faults.append(EmulatorState.Fault(path: EmulatorRouter.routedPath(path), remaining: count, status: status))
            return .json(200, JSONFields([("path", .string(path)), ("count", .int(count)), ("status", .int(status))]))
        },
        ProviderEmulator.route(.get, "/emulator/v1/users") { state, _, _ in
            .json(200, .object(.single("users", .array(state.users.map { user in
                .object(JSONFields([("email", .string(user.email)), ("uuid", .string(user.uuid)), ("phone", .string(user.phone)),
                                    ("verified", .bool(user.verified)), ("displayName", .string(user.displayName))]))
            }))))
        },
        ProviderEmulator.route(.get, "/emulator/v1/codes") { state, _, _ in
            let now = state.now
            return .json(200, .object(.single("codes", .array(state.codes.map { code in
                .object(JSONFields([("kind", .string(code.kind.rawValue)), ("value", .string(code.value)), ("email", .string(code.email)),
                                    ("clientId", .string(code.clientID)), ("redirectUri", .string(code.redirectURI)),
                                    ("issuedAt", .string(EmulatorClock.iso(code.issuedAt))), ("expiresAt", .string(EmulatorClock.iso(code.expiresAt))),
                                    ("state", .string(code.state(at: now)))]))
            }))))
        },
        // Every message with its text, HTML and links, newest first, for the dashboard: unlike Mailpit's
        // GET /api/v1/message/{ID}, reading it marks nothing read.
        ProviderEmulator.route(.get, "/emulator/v1/outbox") { state, request, _ in
            let search = request.query["query"].map(OutboxSearch.init)
            let messages = state.outbox.reversed().filter { search?.matches($0) ?? true }
            return .json(200, .object(.single("messages", .array(messages.map { .object($0.messageFields) }))))
        },
    ]

    static let outOfRange = "the clock stays within \(Int(EmulatorClock.farthestOffset / (365.25 * 86_400))) years of this machine's time"

    static func clock(_ state: EmulatorState) -> EmulatorResponse {
        .json(200, JSONFields([("now", .string(EmulatorClock.iso(state.now))), ("offsetSeconds", .number(state.clock.offset))]))
    }

    static func bad(_ description: String) -> EmulatorResponse {
        ProviderEmulator.providerError(.plain, status: 400, error: "invalid_request", description: description)
    }
}
