// BridgeMessage.java: what a bridge URL says: a drain request, WebViewJavascriptBridge's loaded signal, one
// Janrain event with its arguments (or the event the page could not stringify), the legacy
// `janrain:accessToken=TOKEN` hand-off, a WVJB message or reply. Its toString masks the token and the error.
package dev.bridge.policy;

import dev.bridge.json.JSONValue;
import dev.bridge.url.LoggedURL;
import java.util.Collections;
import java.util.List;

public final class BridgeMessage {
    public enum Type { DRAIN_REQUEST, BRIDGE_LOADED, EVENT, EVENT_FAILED, LEGACY_ACCESS_TOKEN, WVJB_MESSAGE, WVJB_REPLY }

    /** The event the legacy hand-off is delivered as, in a handler table. */
    public static final String LEGACY_ACCESS_TOKEN_EVENT = "accessToken";

    public final Type type;
    /** A drain request's protocol. */
    public final BridgeProtocol protocol;
    /** An event's name (EVENT, EVENT_FAILED), a WVJB message's handler name. */
    public final String name;
    /** An event's decoded arguments; a WVJB message's or reply's data, as one value (none when absent). */
    public final List<JSONValue> arguments;
    /** EVENT_FAILED's error; LEGACY_ACCESS_TOKEN's token; WVJB_MESSAGE's callback id; WVJB_REPLY's response id. */
    public final String value;

    private BridgeMessage(Type type, BridgeProtocol protocol, String name, List<JSONValue> arguments, String value) {
        this.type = type;
        this.protocol = protocol;
        this.name = name;
        this.arguments = arguments == null ? Collections.<JSONValue>emptyList() : Collections.unmodifiableList(arguments);
        this.value = value;
    }

    static BridgeMessage drainRequest(BridgeProtocol protocol) { return new BridgeMessage(Type.DRAIN_REQUEST, protocol, null, null, null); }
    static BridgeMessage bridgeLoaded() { return new BridgeMessage(Type.BRIDGE_LOADED, null, null, null, null); }
    static BridgeMessage event(String name, List<JSONValue> arguments) { return new BridgeMessage(Type.EVENT, null, name, arguments, null); }
    static BridgeMessage eventFailed(String name, String error) { return new BridgeMessage(Type.EVENT_FAILED, null, name, null, error); }
    static BridgeMessage legacyAccessToken(String token) { return new BridgeMessage(Type.LEGACY_ACCESS_TOKEN, null, null, null, token); }

    /** A WVJB message {handlerName, data, callbackId}: the handler, its data (or none) and the callback id (or null). */
    static BridgeMessage wvjbMessage(String handler, JSONValue data, String callbackID) {
        return new BridgeMessage(Type.WVJB_MESSAGE, null, handler, data == null ? null : java.util.Collections.singletonList(data), callbackID);
    }

    /** A WVJB reply {responseId, responseData}. */
    static BridgeMessage wvjbReply(String responseID, JSONValue data) {
        return new BridgeMessage(Type.WVJB_REPLY, null, null, data == null ? null : java.util.Collections.singletonList(data), responseID);
    }

    /** The event a handler table names this message by, or null for a drain request, the loaded signal and a reply. */
    public String handlerEvent() {
        switch (type) {
            case EVENT: case EVENT_FAILED: case WVJB_MESSAGE: return name;
            case LEGACY_ACCESS_TOKEN: return LEGACY_ACCESS_TOKEN_EVENT;
            default: return null;
        }
    }

    @Override public String toString() {
        switch (type) {
            case DRAIN_REQUEST: return "drainRequest(" + protocol.word + ")";
            case BRIDGE_LOADED: return "bridgeLoaded";
            case EVENT: return "event(" + name + ", " + arguments.size() + " arguments)";
            case EVENT_FAILED: return "eventFailed(" + name + ", " + LoggedURL.maskDecoded(value) + ")";
            case LEGACY_ACCESS_TOKEN: return "legacyAccessToken(" + LoggedURL.maskDecoded(value) + ")";
            default: return type.name();
        }
    }
}
