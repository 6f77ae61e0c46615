// BridgeMessages.swift: decoding the URLs bridge protocols navigate to.
// Janrain (DESIGN.md, "Janrain's own bridge, as shipped"): `janrain:eventsAvailable?<ms>` asks the
// native side to drain createJanrainBridge.eventQueue; each queued URL is `janrain:NAME?arguments=<percent-
// encoded JSON array>` (the first version sent an object {"0":…}, tolerated here) or `janrain:NAME?error=…`
// when stringify failed; `janrain:accessToken=TOKEN` is the legacy login hand-off.
// WebViewJavascriptBridge: `wvjbscheme://__wvjb_queue_message__` asks for a drain; `https://__bridge_loaded__`
// says the page loaded the bridge; queued messages are {handlerName, data, callbackId} and replies
// {responseId, responseData}.
import BrowserURL

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

/// A bridge URL that cannot be decoded, and why.
public struct BridgeDecodingError: Error, Sendable, Hashable {
    public let message: String
}

public enum JanrainBridge {
    /// Decodes one `janrain:` URL (a navigation or a drained queue entry).
    public static func decode(_ url: BrowserURL) -> Result<BridgeMessage, BridgeDecodingError> {
        decode(url, pathParameters: nil)
    }

    /// Decodes one `janrain:` URL; `pathParameters`, when the caller has read them already (the engine keeps a
    /// legacy `janrain:accessToken=` URL's as its decision's parameters), are not read a second time.
    static func decode(_ url: BrowserURL, pathParameters: FormParameters?) -> Result<BridgeMessage, BridgeDecodingError> {
        guard url.component(.scheme, equals: "janrain") else { return .failure(BridgeDecodingError(message: "not a janrain: URL")) }
        // The event name compared on the href's bytes: a String is made for it only when it names an event.
        if url.component(.pathname, equals: "eventsAvailable") { return .success(.drainRequest(.janrain)) }
        let path = url.byteRange(of: .pathname)
        let legacy = "accessToken="
        if path.count >= legacy.utf8.count && url.bytes(path.lowerBound..<path.lowerBound + legacy.utf8.count, equal: legacy) {
            let token = (pathParameters ?? url.pathParameters).first("accessToken") ?? ""
            if token.isEmpty { return .failure(BridgeDecodingError(message: "janrain:accessToken= carries no token")) }
            return .success(.legacyAccessToken(token))
        }
        if path.isEmpty { return .failure(BridgeDecodingError(message: "janrain: URL without an event name")) }
        let name = url.pathname
        let parameters = url.queryParameters
        if let error = parameters.first("error") { return .success(.eventFailed(name: name, error: error)) }
        guard let text = parameters.first("arguments") else {
            return .failure(BridgeDecodingError(message: "janrain:\(name) has neither arguments= nor error="))
        }
        guard let json = JSONValue.parse(text) else {
            return .failure(BridgeDecodingError(message: "janrain:\(name) arguments are not JSON"))
        }
        switch json {
        case .array(let values): return .success(.event(name: name, arguments: values))
        case .object(let object):
            // The first bridge version sent {"0": …, "1": …}: order by numeric key.
            let indexed = object.compactMap { key, value in Int(key).map { ($0, value) } }
            guard indexed.count == object.count else {
                return .failure(BridgeDecodingError(message: "janrain:\(name) arguments are an object with non-numeric keys"))
            }
            return .success(.event(name: name, arguments: indexed.sorted { $0.0 < $1.0 }.map(\.1)))
        default:
            return .failure(BridgeDecodingError(message: "janrain:\(name) arguments are not an array"))
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
        return .failure(BridgeDecodingError(message: "\(url.scheme): URL is not a WebViewJavascriptBridge signal"))
    }

    /// The signal a URL is, by its host, or nil.
    public static func signal(_ url: BrowserURL) -> BridgeMessage? {
        let host = url.hostname.lowercased()
        if host == queueHost { return .drainRequest(.wvjb) }
        if host == loadedHost { return .bridgeLoaded }
        return nil
    }

    /// Decodes the JSON array a drain returns (`[{handlerName, data, callbackId} | {responseId, responseData}]`).
    public static func decodeQueue(_ json: String) -> Result<[BridgeMessage], BridgeDecodingError> {
        guard case .array(let items)? = JSONValue.parse(json) else {
            return .failure(BridgeDecodingError(message: "the WVJB queue is not a JSON array"))
        }
        var messages: [BridgeMessage] = []
        for (i, item) in items.enumerated() {
            if let responseID = item["responseId"]?.stringValue {
                messages.append(.wvjbReply(responseID: responseID, data: item["responseData"]))
            } else if let handler = item["handlerName"]?.stringValue {
                messages.append(.wvjbMessage(handlerName: handler, data: item["data"], callbackID: item["callbackId"]?.stringValue))
            } else {
                return .failure(BridgeDecodingError(message: "WVJB queue entry \(i) has neither handlerName nor responseId"))
            }
        }
        return .success(messages)
    }
}
