// BridgeWebViewClient.java: the WebViewClient an Android app adds once (copy this file into the app; it needs
// API 24 for WebResourceRequest.isRedirect, and the jar): every navigation the view offers is decided by the
// engine, and what the rules intercept is handed to the app instead of loading. Android's WebResourceRequest
// maps onto the engine's request: its URL, whether it is for the main frame, a redirect, a gesture, and its
// method; the older (WebView, String) overload, which Android calls below API 24, decides a main-frame GET.
// A sentinel's result and a deep link go to the Listener; a Janrain or WebViewJavascriptBridge drain request
// asks the app to drain the page's queue; an event goes to the handlers the rules' "handlers" table names for
// it, found by name in the app's own table. Compiled and tested here against stubs of Android's documented
// signatures (src/test/java/android): no Android runtime runs here.
package dev.bridge.android;

import android.webkit.WebResourceRequest;
import android.webkit.WebView;
import android.webkit.WebViewClient;
import dev.bridge.policy.BridgeMessage;
import dev.bridge.policy.Decision;
import dev.bridge.policy.DecisionKind;
import dev.bridge.policy.HTTPMethod;
import dev.bridge.policy.NavigationRequest;
import dev.bridge.policy.PolicyEngine;
import dev.bridge.policy.Rules;
import java.util.Map;

public class BridgeWebViewClient extends WebViewClient {
    /** What the app does with what the rules intercept. */
    public interface Listener {
        /** A sentinel's result (its code, tokens and state, or the provider's error), or a form posted to the redirect URI. */
        void onSentinel(WebView view, Decision decision);

        /** A deep link the rules take (its route and parameters in the decision's interception). */
        void onDeepLink(WebView view, Decision decision);

        /** The page queued bridge messages: run the protocol's drain in the page (evaluateJavascript). */
        void onDrainRequest(WebView view, Decision decision);
    }

    /** One of the app's handlers for a bridge event. */
    public interface EventHandler {
        void handle(WebView view, BridgeMessage message);
    }

    private final PolicyEngine engine;
    private final Listener listener;
    private final Map<String, EventHandler> handlers;

    /** `handlers`: the app's handlers by the names the rules' "handlers" table uses. */
    public BridgeWebViewClient(PolicyEngine engine, Listener listener, Map<String, EventHandler> handlers) {
        this.engine = engine;
        this.listener = listener;
        this.handlers = handlers;
    }

    /** API 24 and later. */
    @Override
    public boolean shouldOverrideUrlLoading(WebView view, WebResourceRequest request) {
        return decide(view, new NavigationRequest.Builder(request.getUrl().toString()).mainFrame(request.isForMainFrame())
                .redirect(request.isRedirect()).userGesture(request.hasGesture()).method(HTTPMethod.reported(request.getMethod())).build());
    }

    /** Below API 24, Android calls only this one: a main-frame GET is all it says. */
    @Deprecated
    @Override
    public boolean shouldOverrideUrlLoading(WebView view, String url) {
        return decide(view, NavigationRequest.of(url));
    }

    /** Decides, hands over what was intercepted, and returns whether the view must not load the URL. */
    protected boolean decide(WebView view, NavigationRequest request) {
        Decision decision = engine.decide(request);
        if (decision.kind == DecisionKind.SENTINEL && decision.interception != null) listener.onSentinel(view, decision);
        if (decision.kind == DecisionKind.DEEPLINK) listener.onDeepLink(view, decision);
        if (decision.kind == DecisionKind.BRIDGE && decision.interception != null) {
            BridgeMessage message = decision.interception.bridge;
            if (message.type == BridgeMessage.Type.DRAIN_REQUEST) listener.onDrainRequest(view, decision);
            String event = message.handlerEvent();
            for (Rules.EventHandlers entry : engine.rules.handlers) {
                if (!entry.event.equals(event)) continue;
                for (String name : entry.handlers) {
                    EventHandler handler = handlers.get(name);
                    if (handler != null) handler.handle(view, message);
                }
            }
        }
        return decision.cancels();
    }
}
