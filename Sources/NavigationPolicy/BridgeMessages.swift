// BridgeMessages.swift: decoding the URLs bridge protocols navigate to.
// Janrain (DESIGN.md, "Janrain's own bridge, as shipped"): `janrain:eventsAvailable?<ms>` asks the
// native side to drain createJanrainBridge.eventQueue; each queued URL is `janrain:NAME?arguments=<percent-
// encoded JSON array>` (the first version sent an object {"0":…}, tolerated here) or `janrain:NAME?error=…`
// when stringify failed; `janrain:accessToken=TOKEN` is the legacy login hand-off.
// WebViewJavascriptBridge: `wvjbscheme://__wvjb_queue_message__` asks for a drain; `https://__bridge_loaded__`
// says the page loaded the bridge; queued messages are {handlerName, data, callbackId} and replies
// {responseId, responseData}.
import BrowserURL
import JSONText

/// What a bridge URL says.
public enum BridgeMessage: Sendable, Hashable {
    /// The page queued events: drain the queue (evaluate JS) and dispatch each entry.
    case drainRequest(BridgeProtocol)
    /// WebViewJavascriptBridge was loaded by the page: inject its JS side.
    case bridgeLoaded
    /// One event with its decoded arguments.
    case event(name: String, arguments: [JSONValue])
    /// An event whose arguments could not be stringified on the page (`?error=`).
    case eventFailed(name: String, error: String)
    /// The legacy hand-off `janrain:accessToken=TOKEN`: a login success.
    case legacyAccessToken(String)
    /// A WVJB message {handlerName, data, callbackId}.
    case wvjbMessage(handlerName: String, data: JSONValue?, callbackID: String?)
    /// A WVJB reply {responseId, responseData}.
    case wvjbReply(responseID: String, data: JSONValue?)
}

extension BridgeMessage {
    /// The event the legacy hand-off `janrain:accessToken=TOKEN` is delivered as, in a handler table.
    public static let legacyAccessTokenEvent = "accessToken"

    /// The event a handler table names this message by: an event's name (one the page could not stringify
    /// too), the legacy hand-off's `accessToken`, a WebViewJavascriptBridge message's handlerName; nil for a
    /// drain request, the loaded signal and a reply, which no handler takes.
    public var handlerEvent: String? {
        switch self {
        case .event(let name, _), .eventFailed(let name, _): name
        case .legacyAccessToken: Self.legacyAccessTokenEvent
        case .wvjbMessage(let name, _, _): name
        case .drainRequest, .bridgeLoaded, .wvjbReply: nil
        }
    }
}

/// A bridge URL that cannot be decoded, and why (CommandOutput words it).
public enum BridgeDecodingError: Error, Sendable, Hashable {
    /// Given to the Janrain decoder, a URL of another scheme.
    case notJanrain
    /// `janrain:accessToken=` with nothing after it.
    case accessTokenMissing
    /// `janrain:` with no event name.
    case eventNameMissing
    /// `janrain:NAME` with neither `arguments=` nor `error=`.
    case argumentsMissing(event: String)
    /// `arguments=` that is not JSON.
    case argumentsNotJSON(event: String)
    /// `arguments=` an object (the first bridge version's {"0": …}) with a key that is not a number.
    case argumentsObjectKeysNotNumeric(event: String)
    /// `arguments=` JSON that is neither an array nor such an object.
    case argumentsNotArray(event: String)
    /// A URL under a WebViewJavascriptBridge rule that is neither of its two signals.
    case notWVJBSignal(scheme: String)
    /// A drained WebViewJavascriptBridge queue that is not a JSON array.
    case wvjbQueueNotArray
    /// A WebViewJavascriptBridge queue entry (0-based) with neither `handlerName` nor `responseId`.
    case wvjbEntryUnrecognized(index: Int)
}

public enum JanrainBridge {
    /// Decodes one `janrain:` URL (a navigation or a drained queue entry).
    public static func decode(_ url: BrowserURL) -> Result<BridgeMessage, BridgeDecodingError> {
        decode(url, pathParameters: nil)
    }

    /// Decodes one `janrain:` URL; `pathParameters`, when the caller has read them already (the engine keeps a
    /// legacy `janrain:accessToken=` URL's as its decision's parameters), are not read a second time.
    static func decode(_ url: BrowserURL, pathParameters: FormParameters?) -> Result<BridgeMessage, BridgeDecodingError> {
        guard url.component(.scheme, equals: "janrain") else { return .failure(.notJanrain) }
        // The event name compared on the href's bytes: a String is made for it only when it names an event.
        if url.component(.pathname, equals: "eventsAvailable") { return .success(.drainRequest(.janrain)) }
        let path = url.byteRange(of: .pathname)
        let legacy = "accessToken="
        if path.count >= legacy.utf8.count && url.bytes(path.lowerBound..<path.lowerBound + legacy.utf8.count, equal: legacy) {
            let token = (pathParameters ?? url.pathParameters).first("accessToken") ?? ""
            if token.isEmpty { return .failure(.accessTokenMissing) }
            return .success(.legacyAccessToken(token))
        }
        if path.isEmpty { return .failure(.eventNameMissing) }
        let name = url.pathname
        let parameters = url.queryParameters
        if let error = parameters.first("error") { return .success(.eventFailed(name: name, error: error)) }
        guard let text = parameters.first("arguments") else {
            return .failure(.argumentsMissing(event: name))
        }
        guard let json = JSONValue.parse(text) else {
            return .failure(.argumentsNotJSON(event: name))
        }
        switch json {
        case .array(let values): return .success(.event(name: name, arguments: values))
        case .object(let object):
            // The first bridge version sent {"0": …, "1": …}: order by numeric key.
            let indexed = object.compactMap { key, value in Int(key).map { ($0, value) } }
            guard indexed.count == object.count else {
                return .failure(.argumentsObjectKeysNotNumeric(event: name))
            }
            return .success(.event(name: name, arguments: indexed.sorted { $0.0 < $1.0 }.map(\.1)))
        default:
            return .failure(.argumentsNotArray(event: name))
        }
    }
}

public enum WebViewJavascriptBridge {
    public static let queueHost = "__wvjb_queue_message__"
    public static let loadedHost = "__bridge_loaded__"

    /// Decodes a WVJB signal URL. Releases differ: version 4 sends `wvjbscheme://__WVJB_QUEUE_MESSAGE__`
    /// (upper case), older setup snippets load with `wvjbscheme://__BRIDGE_LOADED__`, version 5 and later
    /// signal with `https://__wvjb_queue_message__/` and `https://__bridge_loaded__/`; all are the same two
    /// signals. (A custom scheme's host keeps its case, so it is compared without.)
    public static func decode(_ url: BrowserURL) -> Result<BridgeMessage, BridgeDecodingError> {
        if let signal = signal(url) { return .success(signal) }
        return .failure(.notWVJBSignal(scheme: url.scheme))
    }

    /// The signal a URL is, by its host, or nil.
    public static func signal(_ url: BrowserURL) -> BridgeMessage? {
        let host = url.hostname.lowercased()
        if host == queueHost { return .drainRequest(.wvjb) }
        if host == loadedHost { return .bridgeLoaded }
        return nil
    }

    /// Decodes one drained entry as a recording holds it: the queue's JSON array, or a message object the
    /// page sent alone (read as a queue of one).
    public static func decodeDrained(_ entry: String) -> Result<[BridgeMessage], BridgeDecodingError> {
        decodeQueue(entry.hasPrefix("[") ? entry : "[\(entry)]")
    }

    /// Decodes the JSON array a drain returns (`[{handlerName, data, callbackId} | {responseId, responseData}]`).
    public static func decodeQueue(_ json: String) -> Result<[BridgeMessage], BridgeDecodingError> {
        guard case .array(let items)? = JSONValue.parse(json) else {
            return .failure(.wvjbQueueNotArray)
        }
        var messages: [BridgeMessage] = []
        for (i, item) in items.enumerated() {
            if let responseID = item["responseId"]?.stringValue {
                messages.append(.wvjbReply(responseID: responseID, data: item["responseData"]))
            } else if let handler = item["handlerName"]?.stringValue {
                messages.append(.wvjbMessage(handlerName: handler, data: item["data"], callbackID: item["callbackId"]?.stringValue))
            } else {
                return .failure(.wvjbEntryUnrecognized(index: i))
            }
        }
        return .success(messages)
    }
}
