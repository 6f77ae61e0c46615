// CaptureEntityRoutes.swift: Capture's server API over the emulator's users, as docs.janrain.com's
// Registration API describes it and janrain-python-api calls it (a form POST, or a GET with a query):
// /entity (one record by id, uuid, key_attribute and key_value, or the access token's own), /entity.find
// (filter, max_results, first_result, sort_on, attributes, show_total_count), /entity.count, /entity.create,
// /entity.update and /entity.delete. Every call names type_name=user. An API client (CaptureAPIAuth: Basic,
// its parameters or a signature) may call any of them; a user's access token reads and updates its own
// record only (what the widget's session check and profile forms do). Answers are Capture's `{stat: "ok", …}`;
// errors Capture's codes, from JUMP for iOS's JRCaptureError.h: 100 missing_argument, 200 invalid_argument,
// 201 duplicate_argument, 222 unknown_entity_type, 310 record_not_found, 361 unique_violation, 403
// client_permission_error.
import Foundation
import JSONText
import NavigationPolicy

enum CaptureEntityRoutes {
    static let routes: [ProviderEmulator.Route] = [
        CaptureRoutes.route(.get, "/entity") { state, capture, request, _ in entity(&state, &capture, request) },
        CaptureRoutes.route(.post, "/entity") { state, capture, request, _ in entity(&state, &capture, request) },
        CaptureRoutes.route(.get, "/entity.find") { state, capture, request, _ in find(&state, &capture, request) },
        CaptureRoutes.route(.post, "/entity.find") { state, capture, request, _ in find(&state, &capture, request) },
        CaptureRoutes.route(.get, "/entity.count") { state, capture, request, _ in count(&state, &capture, request) },
        CaptureRoutes.route(.post, "/entity.count") { state, capture, request, _ in count(&state, &capture, request) },
        CaptureRoutes.route(.post, "/entity.create") { state, capture, request, _ in create(&state, &capture, request) },
        CaptureRoutes.route(.post, "/entity.update") { state, capture, request, _ in update(&state, &capture, request) },
        CaptureRoutes.route(.post, "/entity.delete") { state, capture, request, _ in delete(&state, &capture, request) },
    ]

    typealias Refusal = CaptureRoutes.Refusal

    /// A call's parameters (form, then query) and its caller, or Capture's error.
    struct Call {
        var fields: [String: String]
        var caller: CaptureCaller

        init(_ state: EmulatorState, _ capture: CaptureState, _ request: EmulatorRequest, allowsToken: Bool) throws(Refusal) {
            fields = request.parameters
            switch CaptureAPIAuth.caller(state, capture, request, parameters: CaptureAPIAuth.parameters(request), allowsToken: allowsToken) {
            case .success(let caller): self.caller = caller
            case .failure(let refusal): throw refusal
            }
            // A user's token may name no type; every other call names the user type.
            if case .client = caller {
                guard let type = fields["type_name"], !type.isEmpty else { throw Self.missing("type_name") }
                guard type == "user" else { throw Refusal(response: CaptureRoutes.error(200, code: 222, "unknown_entity_type", "unknown entity type \(type)")) }
            }
        }

        static func missing(_ name: String) -> Refusal {
            Refusal(response: CaptureRoutes.error(200, code: 100, "missing_argument", "missing required argument: \(name)"))
        }

        static func invalid(_ name: String, _ why: String) -> Refusal {
            Refusal(response: CaptureRoutes.error(200, code: 200, "invalid_argument", "\(name): \(why)"))
        }

        /// The one record the call names: its own for a user's token; by id, uuid, or key_attribute and
        /// key_value for a client.
        func recordIndex(_ state: EmulatorState) throws(Refusal) -> Int {
            if case .user(let email) = caller {
                guard let index = state.userIndex(email: email) else { throw Self.notFound }
                return index
            }
            let given = ["id", "uuid", "key_attribute"].filter { fields[$0] != nil }
            if given.count > 1 { throw Refusal(response: CaptureRoutes.error(200, code: 201, "duplicate_argument", "give one of id, uuid or key_attribute, not \(given.joined(separator: " and "))")) }
            let index: Int?
            if let id = fields["id"] {
                guard let number = Int(id) else { throw Self.invalid("id", "not an integer") }
                index = state.users.firstIndex { $0.id == number }
            } else if let uuid = fields["uuid"] {
                index = state.users.firstIndex { $0.uuid == uuid }
            } else if let attribute = fields["key_attribute"] {
                guard let raw = fields["key_value"] else { throw Self.missing("key_value") }
                // key_value is JSON (a quoted string, a number); a bare string is taken as the string.
                let value = JSONValue.parse(raw) ?? .string(raw)
                index = state.users.firstIndex { CaptureFilter.lookup(attribute, in: CaptureEntityRoutes.record($0)) == value }
            } else {
                throw Self.missing("id")
            }
            guard let index else { throw Self.notFound }
            return index
        }

        static let notFound = Refusal(response: CaptureRoutes.error(200, code: 310, "record_not_found", "record not found"))

        /// The attributes a call limits its answer to (`attributes`, a JSON array of names), or nil for all.
        func attributeNames() throws(Refusal) -> [String]? {
            guard let text = fields["attributes"] else { return nil }
            guard case .array(let items)? = JSONValue.parse(text) else { throw Self.invalid("attributes", "must be a JSON array of attribute names") }
            let names = items.compactMap(\.stringValue)
            guard names.count == items.count else { throw Self.invalid("attributes", "must be a JSON array of attribute names (strings)") }
            return names
        }

        /// The JSON object of attributes a create or update sets.
        func attributeValues() throws(Refusal) -> [String: JSONValue] {
            guard let text = fields["attributes"] else { throw Self.missing("attributes") }
            guard case .object(let values)? = JSONValue.parse(text) else { throw Self.invalid("attributes", "must be a JSON object") }
            return values
        }
    }

    /// A user as Capture's entity API shows it (dates as Capture writes them; never the password).
    static func record(_ user: EmulatorState.User) -> [String: JSONValue] {
        var record = user.attributes
        record["id"] = .number(Double(user.id))
        record["uuid"] = .string(user.uuid)
        record["email"] = .string(user.email)
        record["displayName"] = user.displayName.map(JSONValue.string) ?? .null
        record["emailVerified"] = user.verified ? .string(captureDate(user.created)) : .null
        record["created"] = .string(captureDate(user.created))
        record["lastUpdated"] = .string(captureDate(user.lastUpdated))
        record["mobileNumber"] = user.phone.map(JSONValue.string) ?? .null
        return record
    }

    /// Capture's dateTime: `2016-02-26 19:08:44.123456 +0000`.
    static func captureDate(_ date: Date) -> String {
        EmulatorClock.utcFormatter("yyyy-MM-dd HH:mm:ss.SSSSSS Z").string(from: date)
    }

    static func shown(_ record: [String: JSONValue], _ names: [String]?) -> JSONOutput {
        guard let names else { return JSONValue.object(record).output }
        var picked: [String: JSONValue] = [:]
        for name in names { picked[name] = CaptureFilter.lookup(name, in: record) ?? .null }
        return JSONValue.object(picked).output
    }

    static func answer(_ fields: [(String, JSONOutput)]) -> EmulatorResponse {
        .json(200, JSONFields([("stat", .string("ok"))] + fields))
    }

    static func entity(_ state: inout EmulatorState, _ capture: inout CaptureState, _ request: EmulatorRequest) -> EmulatorResponse {
        do throws(Refusal) {
            let call = try Call(state, capture, request, allowsToken: true)
            let index = try call.recordIndex(state)
            return answer([("result", shown(record(state.users[index]), try call.attributeNames()))])
        } catch { return error.response }
    }

    /// The records a filter selects, sorted as sort_on says (`["-created", "email"]`: a leading `-` descends).
    static func selected(_ state: EmulatorState, _ call: Call) throws(Refusal) -> [[String: JSONValue]] {
        var records = state.users.map(record)
        if let text = call.fields["filter"], !text.trimmingCharacters(in: .whitespaces).isEmpty {
            let filter: CaptureFilter
            do { filter = try CaptureFilter.parse(text) } catch {
                throw Call.invalid("filter", "expected \(error.expected) at character \(error.offset + 1)")
            }
            records = records.filter(filter.matches)
        }
        if let text = call.fields["sort_on"] {
            guard case .array(let keys)? = JSONValue.parse(text) else { throw Call.invalid("sort_on", "must be a JSON array of attribute names") }
            guard keys.allSatisfy({ $0.stringValue != nil }) else { throw Call.invalid("sort_on", "must be a JSON array of attribute names (strings)") }
            let order = keys.compactMap(\.stringValue).map { key in key.hasPrefix("-") ? (String(key.dropFirst()), false) : (key, true) }
            records.sort { a, b in
                for (key, ascending) in order {
                    let x = (CaptureFilter.lookup(key, in: a) ?? .null).jsonText, y = (CaptureFilter.lookup(key, in: b) ?? .null).jsonText
                    if x != y { return ascending ? x < y : x > y }
                }
                return false
            }
        }
        return records
    }

    static func find(_ state: inout EmulatorState, _ capture: inout CaptureState, _ request: EmulatorRequest) -> EmulatorResponse {
        do throws(Refusal) {
            let call = try Call(state, capture, request, allowsToken: false)
            let all = try selected(state, call)
            func number(_ name: String, _ fallback: Int, _ range: ClosedRange<Int>) throws(Refusal) -> Int {
                guard let text = call.fields[name] else { return fallback }
                guard let value = Int(text), range.contains(value) else { throw Call.invalid(name, "must be an integer from \(range.lowerBound) to \(range.upperBound)") }
                return value
            }
            let first = try number("first_result", 0, 0...Int.max)
            let most = try number("max_results", 100, 1...10_000)
            let page = Array(all.dropFirst(first).prefix(most))
            let names = try call.attributeNames()
            var fields: [(String, JSONOutput)] = [("result_count", .int(page.count)), ("results", .array(page.map { shown($0, names) }))]
            if call.fields["show_total_count"] == "true" { fields.append(("total_count", .int(all.count))) }
            return answer(fields)
        } catch { return error.response }
    }

    static func count(_ state: inout EmulatorState, _ capture: inout CaptureState, _ request: EmulatorRequest) -> EmulatorResponse {
        do throws(Refusal) {
            let call = try Call(state, capture, request, allowsToken: false)
            return answer([("total_count", .int(try selected(state, call).count))])
        } catch { return error.response }
    }

    /// The attributes a record's own fields take; any other is kept as given.
    static func apply(_ values: [String: JSONValue], to user: inout EmulatorState.User) throws(Refusal) {
        for (name, value) in values {
            switch name {
            case "id", "uuid", "created", "lastUpdated":
                throw Call.invalid("attributes.\(name)", "is set by Capture")
            case "email":
                guard let email = value.stringValue, email.contains("@") else { throw Call.invalid("attributes.email", "must be an e-mail address") }
                user.email = email.lowercased()
            case "displayName": user.displayName = value.stringValue
            case "password":
                guard let password = value.stringValue, !password.isEmpty else { throw Call.invalid("attributes.password", "must be a string") }
                user.password = password
            case "emailVerified": user.verified = value != .null
            case "mobileNumber": user.phone = value.stringValue
            default: user.attributes[name] = value
            }
        }
    }

    static func uniqueEmail(_ state: EmulatorState, _ email: String, except index: Int?) throws(Refusal) {
        if let other = state.userIndex(email: email), other != index {
            throw Refusal(response: CaptureRoutes.error(200, code: 361, "unique_violation", "Attempted to update a duplicate value: email"))
        }
    }

    static func create(_ state: inout EmulatorState, _ capture: inout CaptureState, _ request: EmulatorRequest) -> EmulatorResponse {
        do throws(Refusal) {
            let call = try Call(state, capture, request, allowsToken: false)
            var user = EmulatorState.User(email: "", password: "", phone: nil, verified: false, displayName: nil, uuid: "")
            try apply(try call.attributeValues(), to: &user)
            guard !user.email.isEmpty else { throw Refusal(response: CaptureRoutes.error(200, code: 362, "missing_required_attribute", "email is required")) }
            try uniqueEmail(state, user.email, except: nil)
            let added = state.add(user)
            return answer([("id", .int(added.id)), ("uuid", .string(added.uuid))])
        } catch { return error.response }
    }

    /// A client's update, or a user's own profile save (which changes the password only with the current one,
    /// as the widget's profile form sends it, and answers the record as saved).
    static func update(_ state: inout EmulatorState, _ capture: inout CaptureState, _ request: EmulatorRequest) -> EmulatorResponse {
        do throws(Refusal) {
            let call = try Call(state, capture, request, allowsToken: true)
            let index = try call.recordIndex(state)
            let values = try call.attributeValues()
            var user = state.users[index]
            if case .user = call.caller {
                if values["emailVerified"] != nil {
                    throw Refusal(response: CaptureRoutes.error(200, code: 403, "client_permission_error", "an access token may not change emailVerified"))
                }
                if let password = values["password"]?.stringValue {
                    func invalid(_ field: String, _ message: String) -> Refusal {
                        Refusal(response: CaptureRoutes.error(200, code: 390, "invalid_form_fields", message, invalidFields: JSONFields.single(field, .array([.string(message)]))))
                    }
                    guard call.fields["current_password"] == user.password else { throw invalid("currentPassword", "The current password is not right.") }
                    guard password.count >= 8 else { throw invalid("newPassword", "Passwords must have at least 8 characters.") }
                }
            }
            try apply(values, to: &user)
            try uniqueEmail(state, user.email, except: index)
            user.lastUpdated = state.now
            state.users[index] = user
            return answer([("result", JSONValue.object(record(user)).output)])
        } catch { return error.response }
    }

    static func delete(_ state: inout EmulatorState, _ capture: inout CaptureState, _ request: EmulatorRequest) -> EmulatorResponse {
        do throws(Refusal) {
            let call = try Call(state, capture, request, allowsToken: false)
            let index = try call.recordIndex(state)
            state.users.remove(at: index)
            return answer([])
        } catch { return error.response }
    }
}
