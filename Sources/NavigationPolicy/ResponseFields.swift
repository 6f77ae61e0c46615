// ResponseFields.swift: where a sentinel response's fields are among its parameters (code, tokens, state,
// error and its description and URI), found in one pass that reads each parameter name once, and which
// credential, if any, is repeated. A sentinel decision asks all of these of every response; a lookup per
// name would scan the pairs eight times. A sentinel decision keeps them, and makes its result from them
// only when the decision's interception is read.
import BrowserURL

struct ResponseFields: Sendable {
    /// The names read, in `Name`'s order: the credentials (`PolicyEngine.credentialParameters`) first, then
    /// the error response's other fields.
    static let names = ComponentKeys(Name.allCases.map(\.parameter))

    enum Name: Int, CaseIterable {
        case code, accessToken, idToken, refreshToken, token, state, error, tokenId, errorDescription, errorURI

        var parameter: String {
            switch self {
            case .code: return "code"
            case .accessToken: return "access_token"
            case .idToken: return "id_token"
            case .refreshToken: return "refresh_token"
            case .token: return "token"
            case .state: return "state"
            case .error: return "error"
            case .tokenId: return "tokenId"
            case .errorDescription: return "error_description"
            case .errorURI: return "error_uri"
            }
        }

        /// The field each of `parameters` is, in order; nil when any is not one.
        static func all(_ parameters: [String]) -> [Name]? {
            var names: [Name] = []
            for parameter in parameters {
                guard let name = allCases.first(where: { $0.parameter == parameter }) else { return nil }
                names.append(name)
            }
            return names
        }

        /// The credentials' parameter names (`PolicyEngine.credentialParameters` is made from them).
        static let credentials = allCases.filter(\.isCredential).map(\.parameter)

        /// A credential must not repeat (`PolicyEngine.credentialParameters`).
        var isCredential: Bool { rawValue <= Name.tokenId.rawValue }
    }

    /// The position of each name's first pair, by `Name` (-1: absent). Ten Int32s kept inline: no allocation,
    /// and half the bytes a decision carries and copies (a position past Int32 would need a URL of more than
    /// 2 GB). Read and written through a switch per name: indexing the tuple through `withUnsafeBytes` copies
    /// the tuple for each read.
    private var firstPositions: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1)
    /// The first credential, in pair order, whose pair repeats an earlier one's name.
    private(set) var repeatedCredential: Name? = nil

    /// No fields (a response with no pairs).
    init() {}

    init(_ parameters: FormParameters) {
        parameters.forEachPair(named: Self.names) { index, position in
            guard let name = Name(rawValue: index) else { return }
            if self[name] == nil {
                set(name, position)
            } else if repeatedCredential == nil && name.isCredential {
                repeatedCredential = name
            }
        }
    }

    /// The position of the first pair named `name`, or nil.
    subscript(name: Name) -> Int? {
        let position: Int32
        switch name {
        case .code: position = firstPositions.0
        case .accessToken: position = firstPositions.1
        case .idToken: position = firstPositions.2
        case .refreshToken: position = firstPositions.3
        case .token: position = firstPositions.4
        case .state: position = firstPositions.5
        case .error: position = firstPositions.6
        case .tokenId: position = firstPositions.7
        case .errorDescription: position = firstPositions.8
        case .errorURI: position = firstPositions.9
        }
        return position < 0 ? nil : Int(position)
    }

    private mutating func set(_ name: Name, _ wide: Int) {
        let position = Int32(clamping: wide)
        switch name {
        case .code: firstPositions.0 = position
        case .accessToken: firstPositions.1 = position
        case .idToken: firstPositions.2 = position
        case .refreshToken: firstPositions.3 = position
        case .token: firstPositions.4 = position
        case .state: firstPositions.5 = position
        case .error: firstPositions.6 = position
        case .tokenId: firstPositions.7 = position
        case .errorDescription: firstPositions.8 = position
        case .errorURI: firstPositions.9 = position
        }
    }

    /// The first value of `name` (as `FormParameters.first`), decoded.
    func first(_ name: Name, in parameters: FormParameters) -> String? {
        self[name].map(parameters.value(at:))
    }

    /// The sentinel result the fields make from `parameters` (the ones they were found in): an OAuth error
    /// response when it carries `error`, else the authorization's code and tokens; with its state either way.
    func result(in parameters: FormParameters) -> SentinelResult {
        let state = first(.state, in: parameters)
        if let error = first(.error, in: parameters) {
            return .oauthError(error: error, description: first(.errorDescription, in: parameters),
                               uri: first(.errorURI, in: parameters), state: state)
        }
        return .authorization(code: first(.code, in: parameters), accessToken: first(.accessToken, in: parameters),
                              idToken: first(.idToken, in: parameters), state: state)
    }
}
