// EmulatorState.swift: everything the emulator remembers, in memory: users (their passwords change), the
// codes and tokens it issued (each with its kind, owner, client, redirect URI, expiry and whether it was
// used), the outbox of mails and SMS, and the faults still to inject. Codes are single use and expire by
// the emulator's clock; a code is checked by value, kind and redirect URI, so a code of one kind can never
// stand in for another.
import JSONText
import ProviderSettings
import NavigationPolicy
import Foundation

struct EmulatorState {
    struct User {
        var email: String
        var password: String
        var phone: String?
        var verified: Bool
        var displayName: String?
        var uuid: String
        /// Capture's record id, given when the user is added (never reused).
        var id = 0
        var created = Date(timeIntervalSince1970: 0)
        var lastUpdated = Date(timeIntervalSince1970: 0)
        /// Attributes a server API call set beyond those above (Capture's schema is the app's).
        var attributes: [String: JSONValue] = [:]
    }

    enum CodeKind: String {
        case authorizationCode = "authorization_code"
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case resetCode = "reset_code"
        case deepLinkToken = "deep_link_token"
        case realmConfirm = "realm_confirm"
        case realmReset = "realm_reset"
        case kiiResetLink = "kii_reset_link"
        case kiiPIN = "kii_pin"
        /// A social sign-in under way at Social Login (the `state` it gives the identity provider).
        case engageState = "engage_state"
        /// The identity provider's authorization code, for Social Login's callback.
        case idpCode = "idp_code"
        /// Social Login's token, delivered to the token URL: for auth_info or Capture's social sign-in.
        case engageToken = "engage_token"
        /// An API client's own access token (grant_type client_credentials): the client, no user.
        case clientAccessToken = "client_access_token"
    }

    struct IssuedCode {
        var value: String
        var kind: CodeKind
        var email: String
        var clientID: String?
        var redirectURI: String?
        /// The second half of a pair (Realm's tokenId).
        var pair: String?
        var issuedAt: Date
        var expiresAt: Date
        var usedAt: Date?
        /// The refresh secret a JUMP SDK gave when it signed in (an access token's): its refresh calls are
        /// signed with it.
        var refreshSecret: String?

        func state(at now: Date) -> String {
            if usedAt != nil { return "used" }
            return now >= expiresAt ? "expired" : "issued"
        }
    }

    struct Message {
        var id: String
        var channel: String  // "email" or "sms"
        var from: String
        var to: String
        var subject: String
        var text: String
        var html: String
        var links: [String]
        var created: Date
        /// Mailpit's read flag: set when the message is opened (GET /api/v1/message/{ID}) or marked read.
        var read = false
    }

    struct Fault {
        var path: String
        var remaining: Int
        var status: Int
    }

    var users: [User] = []
    var codes = CodeStore()
    var outbox: [Message] = []
    var faults: [Fault] = []
    var clock: EmulatorClock
    /// The clock the emulator started with: a reset goes back to it.
    let startingClock: EmulatorClock
    /// The configuration's access policy: which origins are the app's own (where codes may be sent).
    let access: AccessPolicy
    /// Consecutive wrong passwords per user (by e-mail), and the time a locked user is locked until.
    var wrongPasswords: [String: Int] = [:]
    var lockedUntil: [String: Date] = [:]
    /// The server's base URL once it listens (links to the emulator's own pages use it).
    var baseURL = "http://127.0.0.1"
    private var counter = 0
    private var lastUserID = 0

    /// The state `config` starts with; `access` is the configuration's policy, made once by the emulator.
    init(_ config: EmulatorConfiguration, access: AccessPolicy? = nil, clock: EmulatorClock = EmulatorClock()) {
        self.access = access ?? AccessPolicy(config)
        self.clock = clock
        startingClock = clock
        for user in config.users {
            add(User(email: user.email, password: user.password, phone: user.phone, verified: user.verified,
                     displayName: user.displayName, uuid: ""))
        }
    }

    /// Adds a user with the next id and its uuid, created now; the e-mail address lowercased.
    @discardableResult
    mutating func add(_ user: User) -> User {
        lastUserID += 1
        var user = user
        user.email = user.email.lowercased()
        user.id = lastUserID
        user.uuid = Self.uuid(lastUserID - 1)
        user.created = now
        user.lastUpdated = now
        users.append(user)
        return user
    }

    static func uuid(_ index: Int) -> String {
        let hex = String(index + 1, radix: 16)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex
    }

    var now: Date { clock.now() }

    /// Whose provider a token is for: Capture's clients are named as they are; Kii's and Realm's tokens carry
    /// their app under a prefix, so a token of one provider is never taken by another.
    enum Audience: Equatable {
        case capture, kii(String), realm(String)

        var clientID: String? {
            switch self {
            case .capture: return nil
            case .kii(let app): return "kii:" + app
            case .realm(let app): return "realm:" + app
            }
        }

        func accepts(_ clientID: String?) -> Bool {
            let id = clientID ?? ""
            switch self {
            case .capture: return !id.hasPrefix("kii:") && !id.hasPrefix("realm:")
            default: return id == self.clientID
            }
        }
    }

    /// The user an unexpired access token was issued to, for `audience`.
    func accessTokenOwner(_ token: String, audience: Audience) -> String? {
        let now = now
        return codes.first(value: token) { $0.kind == .accessToken && now < $0.expiresAt && audience.accepts($0.clientID) }?.email
    }

    func userIndex(email: String) -> Int? { users.firstIndex { $0.email == email.lowercased() } }
    func userIndex(phone: String) -> Int? { users.firstIndex { $0.phone == phone } }

    /// The letters and digits a random value is made of.
    static let valueAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// A new random value of `length` letters and digits (URL-safe), uniform: a byte from the system's
    /// generator is used only below 248 (four times the alphabet).
    func randomValue(length: Int) -> String {
        let alphabet = Self.valueAlphabet
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        while bytes.count < length {
            // One draw from the system's generator for the whole value (plus the few bytes rejection uses up).
            for byte in SystemRandomBytes.draw(length - bytes.count + 8) where bytes.count < length && byte < 248 {
                bytes.append(alphabet[Int(byte) % alphabet.count])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    mutating func issue(_ kind: CodeKind, email: String, clientID: String? = nil, redirectURI: String? = nil,
                        lifetime: TimeInterval) -> IssuedCode {
        let value: String
        switch kind {
        case .authorizationCode, .resetCode: value = randomValue(length: 32)
        case .kiiPIN: value = String(format: "%06d", Int.random(in: 0..<1_000_000))
        default: value = randomValue(length: 40)
        }
        let pair: String? = kind == .realmConfirm || kind == .realmReset ? randomValue(length: 24) : nil
        let code = IssuedCode(value: value, kind: kind, email: email, clientID: clientID, redirectURI: redirectURI, pair: pair,
                              issuedAt: now, expiresAt: now.addingTimeInterval(lifetime))
        codes.append(code)
        return code
    }

    /// Why a code cannot be redeemed, or nil when it can (and it is then marked used).
    enum Redemption: Equatable {
        case ok(email: String)
        case unknown, used, expired
        case wrongRedirectURI(expected: String)
        case wrongClient
    }

    mutating func redeem(_ value: String, kinds: [CodeKind], redirectURI: String? = nil, clientID: String? = nil,
                         pair: String? = nil, email: String? = nil) -> Redemption {
        guard let index = codes.firstIndex(value: value, where: { kinds.contains($0.kind) && (pair == nil || $0.pair == pair)
                                                                  && (email == nil || $0.email == email!.lowercased()) }) else { return .unknown }
        let code = codes[index]
        if code.usedAt != nil { return .used }
        if now >= code.expiresAt { return .expired }
        if let expected = code.redirectURI, let redirectURI, expected != redirectURI { return .wrongRedirectURI(expected: expected) }
        if let expected = code.clientID, let clientID, expected != clientID { return .wrongClient }
        codes[index].usedAt = now
        return .ok(email: code.email)
    }

    mutating func send(channel: String, from: String, to: String, subject: String, text: String, links: [String]) -> Message {
        counter += 1
        let html = "<p>" + EmulatorPage.escape(text).replacingOccurrences(of: "\n", with: "<br>\n") + "</p>\n"
            + links.map { "<p><a href=\"\(EmulatorPage.escape($0))\">\(EmulatorPage.escape($0))</a></p>" }.joined(separator: "\n")
        let message = Message(id: "msg-\(counter)-" + randomValue(length: 8), channel: channel, from: from, to: to, subject: subject,
                              text: text, html: html, links: links, created: now)
        outbox.append(message)
        return message
    }


    /// What a password check found.
    enum PasswordCheck: Equatable {
        case accepted
        case wrong
        /// Too many wrong passwords in a row: refused, right or wrong, until this time.
        case locked(until: Date)
    }

    /// Checks a user's password, counting wrong ones: `maxPasswordAttempts` in a row lock the account for
    /// `lockoutSeconds` of the emulator's clock; a right one (while not locked) clears the count.
    mutating func checkPassword(_ index: Int, _ password: String, _ config: EmulatorConfiguration) -> PasswordCheck {
        let email = users[index].email
        if let until = lockedUntil[email] {
            if now < until { return .locked(until: until) }
            lockedUntil[email] = nil
            wrongPasswords[email] = nil
        }
        if users[index].password == password {
            wrongPasswords[email] = nil
            return .accepted
        }
        let wrong = (wrongPasswords[email] ?? 0) + 1
        wrongPasswords[email] = wrong
        if wrong >= config.maxPasswordAttempts {
            let until = now.addingTimeInterval(config.lockoutSeconds)
            lockedUntil[email] = until
            return .locked(until: until)
        }
        return .wrong
    }

    /// Marks every unused code of `kind` the user holds used, now.
    mutating func useUp(_ kind: CodeKind, of email: String) {
        for index in codes.indices where codes[index].kind == kind && codes[index].email == email && codes[index].usedAt == nil {
            codes[index].usedAt = now
        }
    }

    /// A fault planned for this path, consumed.
    mutating func takeFault(_ path: String) -> Fault? {
        guard let index = faults.firstIndex(where: { $0.path == path && $0.remaining > 0 }) else { return nil }
        faults[index].remaining -= 1
        let fault = faults[index]
        if faults[index].remaining == 0 { faults.remove(at: index) }
        return fault
    }
}
