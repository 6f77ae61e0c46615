// BridgeProtocol.java: the bridge protocols bridge speaks: Janrain's JS bridge as shipped (janrain:…) and
// WebViewJavascriptBridge (wvjbscheme://__wvjb_queue_message__, https://__bridge_loaded__).
package dev.bridge.policy;

public enum BridgeProtocol {
    JANRAIN("janrain"), WVJB("wvjb");

    public final String word;

    BridgeProtocol(String word) { this.word = word; }

    public static BridgeProtocol named(String word) {
        for (BridgeProtocol protocol : values()) if (protocol.word.equals(word)) return protocol;
        return null;
    }
}
