// BridgeDecoding.java: decoding the URLs bridge protocols navigate to (the Swift engine's BridgeMessages):
// Janrain's `janrain:eventsAvailable?<ms>`, `janrain:NAME?arguments=<JSON array>` (or the first version's
// object {"0": …}), `janrain:NAME?error=…` and the legacy `janrain:accessToken=TOKEN`; and
// WebViewJavascriptBridge's two signals by host, whatever their case. A URL that does not decode is a value
// (BridgeDecodingError), never an exception.
package dev.bridge.policy;

import dev.bridge.json.JSONReader;
import dev.bridge.json.JSONValue;
import dev.bridge.url.BrowserURL;
import dev.bridge.url.FormParameters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

public final class BridgeDecoding {
    private BridgeDecoding() {}

    static final String WVJB_QUEUE_HOST = "__wvjb_queue_message__", WVJB_LOADED_HOST = "__bridge_loaded__";

    /** A message, or why the URL is none. */
    static final class Outcome {
        final BridgeMessage message;
        final BridgeDecodingError error;

        Outcome(BridgeMessage message, BridgeDecodingError error) {
            this.message = message;
            this.error = error;
        }
    }

    /** Decodes one `janrain:` URL; `pathParameters`, when read already, are not read again. */
    static Outcome janrain(BrowserURL url, FormParameters pathParameters) {
        if (!url.scheme().equals("janrain")) return failure(BridgeDecodingError.Kind.NOT_JANRAIN, null);
        String path = url.pathname();
        if (path.equals("eventsAvailable")) return new Outcome(BridgeMessage.drainRequest(BridgeProtocol.JANRAIN), null);
        if (path.startsWith("accessToken=")) {
            String token = (pathParameters != null ? pathParameters : url.pathParameters()).first("accessToken");
            if (token == null || token.isEmpty()) return failure(BridgeDecodingError.Kind.ACCESS_TOKEN_MISSING, null);
            return new Outcome(BridgeMessage.legacyAccessToken(token), null);
        }
        if (path.isEmpty()) return failure(BridgeDecodingError.Kind.EVENT_NAME_MISSING, null);
        FormParameters parameters = url.queryParameters();
        String error = parameters.first("error");
        if (error != null) return new Outcome(BridgeMessage.eventFailed(path, error), null);
        String text = parameters.first("arguments");
        if (text == null) return failure(BridgeDecodingError.Kind.ARGUMENTS_MISSING, path);
        JSONValue json;
        try {
            json = JSONReader.parse(text);
        } catch (JSONReader.Problem problem) {
            return failure(BridgeDecodingError.Kind.ARGUMENTS_NOT_JSON, path);
        }
        if (json.kind == JSONValue.Kind.ARRAY) return new Outcome(BridgeMessage.event(path, json.items()), null);
        if (json.kind == JSONValue.Kind.OBJECT) {
            // The first bridge version sent {"0": …, "1": …}: ordered by numeric key.
            TreeMap<Long, JSONValue> indexed = new TreeMap<>();
            for (Map.Entry<String, JSONValue> member : json.members().entrySet()) {
                Long index = integer(member.getKey());
                if (index == null) return failure(BridgeDecodingError.Kind.ARGUMENTS_OBJECT_KEYS_NOT_NUMERIC, path);
                indexed.put(index, member.getValue());
            }
            return new Outcome(BridgeMessage.event(path, new ArrayList<>(indexed.values())), null);
        }
        return failure(BridgeDecodingError.Kind.ARGUMENTS_NOT_ARRAY, path);
    }

    /** A key Swift's Int(_:) reads: an optional sign, then ASCII digits, within 64 bits. */
    static Long integer(String key) {
        int start = key.startsWith("+") || key.startsWith("-") ? 1 : 0;
        if (key.length() == start) return null;
        for (int i = start; i < key.length(); i++) if (key.charAt(i) < '0' || key.charAt(i) > '9') return null;
        try {
            return Long.parseLong(key.startsWith("+") ? key.substring(1) : key);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A WebViewJavascriptBridge signal by its host (any case), or null. */
    static BridgeMessage wvjbSignal(BrowserURL url) {
        String host = url.hostname().toLowerCase(java.util.Locale.ROOT);
        if (host.equals(WVJB_QUEUE_HOST)) return BridgeMessage.drainRequest(BridgeProtocol.WVJB);
        if (host.equals(WVJB_LOADED_HOST)) return BridgeMessage.bridgeLoaded();
        return null;
    }

    static Outcome wvjb(BrowserURL url) {
        BridgeMessage signal = wvjbSignal(url);
        return signal != null ? new Outcome(signal, null) : failure(BridgeDecodingError.Kind.NOT_WVJB_SIGNAL, url.scheme());
    }

    private static Outcome failure(BridgeDecodingError.Kind kind, String subject) {
        return new Outcome(null, new BridgeDecodingError(kind, subject));
    }

    /** The messages of a drained WebViewJavascriptBridge queue, or why it is none. */
    public static final class Queue {
        public final List<BridgeMessage> messages;
        public final BridgeDecodingError error;

        Queue(List<BridgeMessage> messages, BridgeDecodingError error) {
            this.messages = messages;
            this.error = error;
        }
    }

    /**
     * Decodes the JSON array a WebViewJavascriptBridge drain returns ([{handlerName, data, callbackId} |
     * {responseId, responseData}]), as the Swift engine's WebViewJavascriptBridge.decodeQueue does.
     */
    public static Queue wvjbQueue(String json) {
        JSONValue queue;
        try {
            queue = JSONReader.parse(json);
        } catch (JSONReader.Problem problem) {
            queue = null;
        }
        if (queue == null || queue.kind != JSONValue.Kind.ARRAY) return new Queue(null, new BridgeDecodingError(BridgeDecodingError.Kind.WVJB_QUEUE_NOT_ARRAY, null));
        List<BridgeMessage> messages = new ArrayList<>();
        List<JSONValue> items = queue.items();
        for (int i = 0; i < items.size(); i++) {
            JSONValue item = items.get(i);
            JSONValue responseID = item.get("responseId"), handler = item.get("handlerName"), callback = item.get("callbackId");
            if (responseID != null && responseID.string() != null) {
                messages.add(BridgeMessage.wvjbReply(responseID.string(), item.get("responseData")));
            } else if (handler != null && handler.string() != null) {
                messages.add(BridgeMessage.wvjbMessage(handler.string(), item.get("data"), callback == null ? null : callback.string()));
            } else {
                return new Queue(null, new BridgeDecodingError(BridgeDecodingError.Kind.WVJB_ENTRY_UNRECOGNIZED, Integer.toString(i)));
            }
        }
        return new Queue(messages, null);
    }
}
