// EmulatorConfiguration.swift: what `bridge serve` emulates: the apps and clients, the users, how long
// codes live, the links mails carry. The embedded default (no --config) has one app, `bridge-demo`, for
// every provider; any Capture client_id is registered on first use; one verified user,
// ada@example.com / analytical-engine, phone +15555550100. `--config FILE` (JSON) replaces any part of it;
// a mistake is an error naming the key path (`users[1].email`) and the problem (a ConfigurationProblem), as the
// rules loader's are.
import InputFiles
import BrowserURL
import Foundation
import SensitiveText
import JSONText

package struct EmulatorConfiguration: Sendable, Equatable {
    package struct User: Sendable, Equatable {
        package var email: String
        package var password: String
        package var phone: String?
        package var verified = true
        package var displayName: String?

        package init(email: String, password: String, phone: String? = nil, verified: Bool = true, displayName: String? = nil) {
            self.email = email; self.password = password; self.phone = phone; self.verified = verified; self.displayName = displayName
        }
    }

    package struct Client: Sendable, Equatable {
        package var id: String
        package var secret: String?
        /// Redirect URIs this client may use, exactly; empty: any at the app's own origins (RegisteredURL).
        package var redirectURIs: [String] = []

        package init(id: String, secret: String? = nil, redirectURIs: [String] = []) {
            self.id = id; self.secret = secret; self.redirectURIs = redirectURIs
        }
    }

    package var appName = "bridge-demo"
    /// Capture clients. Empty and `strictClients` false: any client_id is registered on first use.
    package var clients: [Client] = []
    package var strictClients = false
    /// Capture's API clients, for an app's backend: the server API (entity, entity.find, entity.count,
    /// entity.create, entity.update, entity.delete) answers calls signed or authenticated with one of these.
    /// The default is one documented client, so a backend test can call the API as it calls Capture.
    package var apiClients: [Client] = [Client(id: "bridge-api-client", secret: "bridge-api-secret")]
    package var users: [User] = [User(email: "ada@example.com", password: "analytical-engine", phone: "+15555550100",
                                     verified: true, displayName: "Ada Lovelace")]
    /// Seconds a Capture authorization code lives (they are short-lived and single use).
    package var codeLifetime: TimeInterval = 600
    /// Seconds a Capture password-reset code (the mail's code) lives.
    package var resetCodeLifetime: TimeInterval = 3600
    /// Seconds an access token lives.
    package var accessTokenLifetime: TimeInterval = 3600
    /// Seconds the app backend's deep-link reset token lives (seed 002: 15 to 30 minutes).
    package var deepLinkTokenLifetime: TimeInterval = 1800
    /// The deep link the app backend's reset mail carries; {token} and {email} (percent-encoded) are filled in.
    package var deepLinkTemplate = "yourapp://reset-password?token={token}&email={email}"
    /// Where the Janrain widget's stand-in scripts are: any `…/load.js` is the widget (janrain-widget.js),
    /// any `…/xdcomm.js` its receiver (xdcomm.js).
    package var standInScripts: StandInScripts = .bundled

    /// Where the widget's stand-in scripts come from.
    package enum StandInScripts: Sendable, Hashable {
        /// The emulator module's own resources (StandIn/, which SwiftPM copies beside the executable).
        case bundled
        /// A directory of the user's (`--assets DIR`).
        case directory(String)
        /// Not served: the widget's scripts answer 404.
        case none
    }
    /// The largest request body read (bytes); a larger one is answered 413.
    package var maxBodyBytes = 64 * 1024
    /// Realm's confirmation and reset links ({token}, {tokenId}); valid `realmLinkLifetime` seconds, once.
    /// The defaults are the universal links of the Realm preset (Fixtures/rules/realm.json).
    package var realmConfirmTemplate = "https://app.example.com/confirmEmail?token={token}&tokenId={tokenId}"
    package var realmResetTemplate = "https://app.example.com/resetPassword?token={token}&tokenId={tokenId}"
    package var realmLinkLifetime: TimeInterval = 1800
    /// What Realm's custom reset function (reset/call) answers: success, pending or fail.
    package var realmResetFunction = "success"
    /// Kii's password mode: "user" (the user chooses, newPassword required) or "auto" (Kii generates one and sends it).
    package var kiiPasswordMode = "user"
    /// Where Kii's reset links point (its reset page is /kii/reset under it). Nil: the server's own base URL;
    /// behind `bridge host --provider`, a Kii host such as https://api.kii.com, as Kii's own links are.
    package var kiiLinkBase: String?
    /// Seconds a Kii reset link or SMS PIN lives.
    package var kiiResetLifetime: TimeInterval = 900
    /// Origins (besides loopback ones) whose pages may read the providers' answers (CORS), as a real
    /// provider allows the origins registered for the app: the seed flows' site by default.
    package var allowedOrigins = ["https://yourdomain.com"]
    /// Host names the server answers to besides IP addresses and localhost (a name a phone on the LAN
    /// uses); any other Host header is refused (DNS rebinding).
    package var allowedHosts: [String] = []
    /// Seconds a connection may send nothing (a half-sent request head, or idle between requests).
    package var idleTimeout: TimeInterval = 10
    /// Seconds a request's body may take to arrive.
    package var bodyTimeout: TimeInterval = 10
    /// Wrong PINs before a Kii reset PIN stops working (a new one must be asked for). Kii publishes no
    /// number; a 6-digit PIN must not be guessable by trying them all.
    package var maxPINAttempts = 5
    /// Consecutive wrong passwords (Capture and Kii sign-in) before the account is locked for
    /// `lockoutSeconds` of the emulator's clock. Neither provider publishes its number.
    /// Social Login's API key, which `auth_info` calls must give (`apiKey`).
    package var engageAPIKey = "bridge-engage-api-key"
    /// How long Social Login's token is good for at the token URL (single use either way).
    package var engageTokenLifetime: TimeInterval = 300
    package var maxPasswordAttempts = 10
    package var lockoutSeconds: TimeInterval = 900

    /// The longest lifetime or timeout a configuration may give, in seconds (a year): past it a date
    /// overflows, and no provider keeps a code that long.
    package static let longestSeconds: TimeInterval = 31_536_000
    /// The shortest, in seconds (a millisecond): the server's timers count whole milliseconds, so a shorter
    /// timeout would end every connection at once.
    package static let shortestSeconds: TimeInterval = 0.001
    /// The largest body limit, in bytes: what a ByteBuffer can hold.
    package static let largestBodyLimit = Int(Int32.max)

    package init() {}

    package static let embeddedDefault = EmulatorConfiguration()

    /// A URL's serialized origin (scheme://host[:port]), or nil for an opaque origin ("null", data:).
    package static func serializedOrigin(_ text: String) -> String? {
        guard let url = try? BrowserURL.parse(text).get(), url.origin != "null" else { return nil }
        return url.origin
    }

    /// An origin as the configuration takes it (https://yourdomain.com, a trailing "/" allowed), serialized;
    /// nil for anything else (a path, a wildcard, an opaque origin).
    package static func origin(_ text: String) -> String? {
        // A browser parses `*` as a host code point, but an origin names one host: a wildcard matches nothing.
        guard !text.contains("*"), let origin = serializedOrigin(text), origin == text || origin + "/" == text else { return nil }
        return origin
    }

    /// A configuration error: the key path and the problem.
    package struct Invalid: JSONDocumentProblems, Sendable, Hashable {
        package let keyPath: String
        package let problem: ConfigurationProblem
        /// Where in the file the key path is (1-based line and byte column), when read from a file.
        package var line: Int?
        package var column: Int?
        /// The file's other problems (the reader reports every problem at once).
        package var others: [Invalid] = []
        package init(keyPath: String, _ problem: ConfigurationProblem) {
            self.keyPath = keyPath
            self.problem = problem
        }
        package init(keyPath: String, reading problem: JSONReadProblem) { self.init(keyPath: keyPath, .json(problem)) }
        package var isSyntax: Bool { if case .json(.syntax) = problem { true } else { false } }
    }

    /// The keys a configuration may have: the reader takes no other, so these are the keys it reads.
    package enum Key: String, JSONDocumentKey {
        case appName, clients, apiClients, strictClients, users, codeLifetime, resetCodeLifetime, accessTokenLifetime,
             deepLinkTokenLifetime, deepLinkTemplate, maxBodyBytes, realmConfirmTemplate, realmResetTemplate, realmLinkLifetime,
             realmResetFunction, kiiPasswordMode, kiiResetLifetime, kiiLinkBase, description, allowedOrigins, allowedHosts,
             idleTimeout, bodyTimeout, maxPINAttempts, maxPasswordAttempts, lockoutSeconds, engageAPIKey, engageTokenLifetime
    }
    /// The keys of a user.
    package enum UserKey: String, JSONDocumentKey {
        case email, password, phone, verified, displayName
    }
    /// The keys of a client (of Capture or of its API).
    package enum ClientKey: String, JSONDocumentKey {
        case id, secret, redirectURIs
    }
    typealias Reader<K: JSONDocumentKey> = JSONObjectReader<K, Invalid>

    /// Reads a configuration file: keys it names replace the default's.
    package static func load(path: String) throws(Invalid) -> EmulatorConfiguration {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path) } catch { throw Invalid(keyPath: "", .unreadable(path: path, error)) }
        do { return try parse(Data(bytes)) } catch {
            // Each problem at its line and column, in the file's order.
            throw error.located(inFile: bytes)
        }
    }

    package static func parse(_ raw: Data) throws(Invalid) -> EmulatorConfiguration {
        let document = try JSONDocument.object(fileBytes: [UInt8](raw), as: Invalid.self)
        var problems: [Invalid] = []
        /// Runs `read`; a problem it throws is kept and reading goes on, so that every problem is found.
        func attempt(_ read: () throws(Invalid) -> Void) {
            do { try read() } catch { problems.append(error) }
        }
        // Unknown keys are all reported; the known ones are still read.
        let top = try Reader<Key>(JSONDocument.knownMembers(of: document, keys: Key.self, as: Invalid.self) { problems.append($0) }, at: "")
        var config = EmulatorConfiguration()
        attempt { () throws(Invalid) in
            _ = try top.string(.description)
        }
        attempt { () throws(Invalid) in
            if let name = try top.string(.appName) { config.appName = name }
        }
        attempt { () throws(Invalid) in
            if let key = try top.string(.engageAPIKey) {
                guard !key.isEmpty else { throw Invalid(keyPath: "engageAPIKey", .empty) }
                config.engageAPIKey = key
            }
        }
        attempt { () throws(Invalid) in
            if let strict = try top.bool(.strictClients) { config.strictClients = strict }
        }
        let secondsKeys: [(Key, WritableKeyPath<EmulatorConfiguration, TimeInterval>)] = [
            (.codeLifetime, \.codeLifetime), (.resetCodeLifetime, \.resetCodeLifetime), (.accessTokenLifetime, \.accessTokenLifetime),
            (.deepLinkTokenLifetime, \.deepLinkTokenLifetime), (.realmLinkLifetime, \.realmLinkLifetime),
            (.kiiResetLifetime, \.kiiResetLifetime), (.idleTimeout, \.idleTimeout), (.bodyTimeout, \.bodyTimeout),
            (.lockoutSeconds, \.lockoutSeconds), (.engageTokenLifetime, \.engageTokenLifetime),
        ]
        for (key, field) in secondsKeys {
            attempt { () throws(Invalid) in
                guard let seconds = try top.number(key) else { return }
                guard seconds >= shortestSeconds, seconds <= longestSeconds else {
                    throw Invalid(keyPath: top.path(key), .secondsOutOfRange(seconds))
                }
                config[keyPath: field] = seconds
            }
        }
        for (key, field) in [(Key.maxPINAttempts, \EmulatorConfiguration.maxPINAttempts), (.maxPasswordAttempts, \.maxPasswordAttempts)] {
            attempt { () throws(Invalid) in
                guard let count = try top.number(key) else { return }
                guard count >= 1, count <= 1000, count == count.rounded() else { throw Invalid(keyPath: top.path(key), .attemptsOutOfRange) }
                config[keyPath: field] = Int(count)
            }
        }
        attempt { () throws(Invalid) in
            if top.value(.allowedOrigins) != nil {
                config.allowedOrigins = try top.elements(.allowedOrigins).map { (element) throws(Invalid) -> String in
                    let text: String = try JSONRead<Invalid>.string(element.value, at: element.keyPath)
                    guard let origin = Self.origin(text) else { throw Invalid(keyPath: element.keyPath, .notAnOrigin(text)) }
                    return origin
                }
            }
        }
        attempt { () throws(Invalid) in
            if top.value(.allowedHosts) != nil {
                config.allowedHosts = try top.elements(.allowedHosts).map { (element) throws(Invalid) -> String in
                    let text: String = try JSONRead<Invalid>.string(element.value, at: element.keyPath)
                    guard !text.isEmpty, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !":/?#@[]".utf8.contains($0) }) else {
                        throw Invalid(keyPath: element.keyPath, .notAHostName(text))
                    }
                    return text.lowercased()
                }
            }
        }
        attempt { () throws(Invalid) in
            if let template = try top.string(.deepLinkTemplate) {
                guard template.contains("{token}") else { throw Invalid(keyPath: "deepLinkTemplate", .templateLacks(["{token}"])) }
                config.deepLinkTemplate = template
            }
        }
        attempt { () throws(Invalid) in
            for (key, field) in [(Key.realmConfirmTemplate, \EmulatorConfiguration.realmConfirmTemplate), (.realmResetTemplate, \.realmResetTemplate)] {
                guard let template = try top.string(key) else { continue }
                guard template.contains("{token}") && template.contains("{tokenId}") else { throw Invalid(keyPath: top.path(key), .templateLacks(["{token}", "{tokenId}"])) }
                config[keyPath: field] = template
            }
        }
        attempt { () throws(Invalid) in
            if let outcome = try top.string(.realmResetFunction) {
                guard ["success", "pending", "fail"].contains(outcome) else { throw Invalid(keyPath: "realmResetFunction", .notOneOf(["success", "pending", "fail"])) }
                config.realmResetFunction = outcome
            }
        }
        attempt { () throws(Invalid) in
            if let mode = try top.string(.kiiPasswordMode) {
                guard ["user", "auto"].contains(mode) else { throw Invalid(keyPath: "kiiPasswordMode", .notOneOf(["user", "auto"])) }
                config.kiiPasswordMode = mode
            }
        }
        attempt { () throws(Invalid) in
            if let base = try top.string(.kiiLinkBase) {
                guard base.hasPrefix("https://") || base.hasPrefix("http://"), !base.contains("?"), !base.contains("#") else {
                    throw Invalid(keyPath: "kiiLinkBase", .notLinkBase)
                }
                config.kiiLinkBase = base
            }
        }
        attempt { () throws(Invalid) in
            if let bytes = try top.number(.maxBodyBytes) {
                guard bytes >= 1024, bytes == bytes.rounded(), bytes <= Double(largestBodyLimit) else {
                    throw Invalid(keyPath: "maxBodyBytes", .bodyLimitOutOfRange(bytes))
                }
                config.maxBodyBytes = Int(bytes)
            }
        }
        attempt { () throws(Invalid) in
            if top.value(.users) != nil {
                config.users = try top.objects(.users, keys: UserKey.self).map { (user) throws(Invalid) -> User in
                    User(email: try user.required(.email, user.string).lowercased(), password: try user.required(.password, user.string),
                         phone: try user.string(.phone), verified: try user.bool(.verified) ?? true, displayName: try user.string(.displayName))
                }
                var seen = Set<String>()
                for (index, user) in config.users.enumerated() where !seen.insert(user.email).inserted {
                    throw Invalid(keyPath: "users[\(index)].email", .repeatedUser(user.email))
                }
            }
        }
        attempt { () throws(Invalid) in
            if top.value(.clients) != nil { config.clients = try clients(top, .clients) }
        }
        attempt { () throws(Invalid) in
            if top.value(.apiClients) != nil {
                config.apiClients = try clients(top, .apiClients)
                for (index, client) in config.apiClients.enumerated() where (client.secret ?? "").isEmpty {
                    throw Invalid(keyPath: "apiClients[\(index)].secret", .apiClientWithoutSecret)
                }
            }
        }
        try Invalid.throwAll(problems)
        return config
    }

    /// A list of clients, each {id, secret?, redirectURIs?}.
    private static func clients(_ top: Reader<Key>, _ key: Key) throws(Invalid) -> [Client] {
        try top.objects(key, keys: ClientKey.self).map { (client) throws(Invalid) -> Client in
            Client(id: try client.required(.id, client.string), secret: try client.string(.secret),
                   redirectURIs: try client.elements(.redirectURIs).map { (element) throws(Invalid) in try JSONRead<Invalid>.string(element.value, at: element.keyPath) })
        }
    }
}
