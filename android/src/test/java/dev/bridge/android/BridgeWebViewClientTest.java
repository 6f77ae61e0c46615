// BridgeWebViewClientTest.java: the adapter as Android calls it (through the stubs): both overloads decide,
// WebResourceRequest's frame, redirect, gesture and method reach the engine, a sentinel's result and a deep
// link reach the listener, a bridge event reaches the handlers the rules' table names, and the return value
// is the engine's (true: the view must not load).
package dev.bridge.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import android.net.Uri;
import android.webkit.WebResourceRequest;
import android.webkit.WebView;
import dev.bridge.policy.BridgeMessage;
import dev.bridge.policy.Decision;
import dev.bridge.policy.PolicyEngine;
import dev.bridge.policy.RulesLoader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BridgeWebViewClientTest {
    static final String RULES = "{\"version\": 1, \"allow\": [\"https://yourdomain.com\"],"
            + "\"sentinels\": [{\"name\": \"signin\", \"redirectURI\": \"https://yourdomain.com/cb\", \"frames\": \"main\", \"require\": [\"code\"]}],"
            + "\"schemes\": [{\"name\": \"janrain\", \"scheme\": \"janrain\", \"protocol\": \"janrain\"},"
            + "{\"name\": \"reset\", \"scheme\": \"myapp\", \"route\": \"reset-password\"}],"
            + "\"handlers\": {\"onCaptureLoginSuccess\": [\"signedIn\"]}}";

    final List<String> heard = new ArrayList<>();

    BridgeWebViewClient client() throws Exception {
        Map<String, BridgeWebViewClient.EventHandler> handlers = new HashMap<>();
        handlers.put("signedIn", (view, message) -> heard.add("signedIn " + message.name));
        return new BridgeWebViewClient(new PolicyEngine(RulesLoader.parse(RULES)), new BridgeWebViewClient.Listener() {
            @Override public void onSentinel(WebView view, Decision decision) { heard.add("sentinel " + decision.interception.sentinel.code); }
            @Override public void onDeepLink(WebView view, Decision decision) { heard.add("deeplink " + decision.interception.route); }
            @Override public void onDrainRequest(WebView view, Decision decision) { heard.add("drain"); }
        }, handlers);
    }

    static WebResourceRequest request(String url, boolean mainFrame, boolean redirect, String method) {
        return new WebResourceRequest() {
            @Override public Uri getUrl() { return Uri.parse(url); }
            @Override public boolean isForMainFrame() { return mainFrame; }
            @Override public boolean isRedirect() { return redirect; }
            @Override public boolean hasGesture() { return false; }
            @Override public String getMethod() { return method; }
        };
    }

    @Test void aSentinelsResultIsTheAppsAndNeverLoads() throws Exception {
        BridgeWebViewClient client = client();
        assertTrue(client.shouldOverrideUrlLoading(new WebView(), request("https://yourdomain.com/cb?code=abc", true, true, "GET")));
        assertEquals("sentinel abc", heard.get(0));
        // The rule is for the main frame: in an iframe the same URL is only an allowed origin.
        assertFalse(client.shouldOverrideUrlLoading(new WebView(), request("https://yourdomain.com/cb?code=abc", false, false, "GET")));
        assertEquals(1, heard.size());
    }

    @SuppressWarnings("deprecation") // the older overload, which Android calls below API 24, is what is tested
    @Test void deepLinksBridgeEventsAndTheOlderOverload() throws Exception {
        BridgeWebViewClient client = client();
        assertTrue(client.shouldOverrideUrlLoading(new WebView(), request("myapp://reset-password?token=t", true, false, "GET")));
        assertTrue(client.shouldOverrideUrlLoading(new WebView(), "janrain:eventsAvailable?1"));
        assertTrue(client.shouldOverrideUrlLoading(new WebView(), "janrain:onCaptureLoginSuccess?arguments=%5B%5D"));
        assertFalse(client.shouldOverrideUrlLoading(new WebView(), "https://yourdomain.com/"));
        assertTrue(client.shouldOverrideUrlLoading(new WebView(), "https://evil.example/"));
        assertEquals(java.util.Arrays.asList("deeplink reset-password", "drain", "signedIn onCaptureLoginSuccess"), heard);
        assertEquals(BridgeMessage.Type.EVENT, new PolicyEngine(RulesLoader.parse(RULES))
                .decide(dev.bridge.policy.NavigationRequest.of("janrain:onX?arguments=%5B%5D")).interception.bridge.type);
    }
}
