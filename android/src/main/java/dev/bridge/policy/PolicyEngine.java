// PolicyEngine.java: decides navigations from rules, in the contract's order (the Swift engine's
// PolicyEngine; the rules file's documentation, "How a navigation is decided"): a URL that does not parse is
// cancelled (fail closed); about:blank and about:srcdoc are allowed; then always-blocked schemes, bridge
// schemes, deep-link routes, WebViewJavascriptBridge's https signals, sentinels, allowed origins, the default;
// first match in file order within a group. The rules are grouped once, by scheme; the sentinels are tried in
// file order, each by the one comparison (SentinelMatcher).
package dev.bridge.policy;

import dev.bridge.url.BrowserURL;
import dev.bridge.url.FormParameters;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public final class PolicyEngine {
    /** Schemes cancelled unless a scheme rule names them. */
    public static final List<String> ALWAYS_BLOCKED_SCHEMES = Arrays.asList("javascript", "data", "vbscript", "file");

    /** A response's fields, in the Swift engine's order: the credentials first (none may repeat), then the error's others. */
    static final List<String> FIELD_NAMES = Arrays.asList("code", "access_token", "id_token", "refresh_token", "token", "state", "error",
            "tokenId", "error_description", "error_uri");
    static final int CREDENTIAL_FIELDS = 8;

    public final Rules rules;
    /** The scheme rules by scheme: bridge rules first, then the others, each in file order. */
    private final Map<String, List<SchemeRule>> schemeRules = new HashMap<>();
    private final SchemeRule wvjbRule;
    /** The sentinels by their redirect URI's host, each host's in file order: a URL is compared only with its host's. */
    private final Map<String, List<SentinelRule>> sentinelsByHost = new HashMap<>();

    public PolicyEngine(Rules rules) {
        this.rules = rules;
        SchemeRule wvjb = null;
        for (SchemeRule rule : rules.schemes) {
            if (rule.bridgeProtocol != null) schemeRules.computeIfAbsent(rule.scheme, k -> new ArrayList<>()).add(rule);
            if (wvjb == null && rule.bridgeProtocol == BridgeProtocol.WVJB) wvjb = rule;
        }
        for (SchemeRule rule : rules.schemes) {
            if (rule.bridgeProtocol == null) schemeRules.computeIfAbsent(rule.scheme, k -> new ArrayList<>()).add(rule);
        }
        wvjbRule = wvjb;
        for (SentinelRule rule : rules.sentinels) sentinelsByHost.computeIfAbsent(rule.redirectURI.hostname(), k -> new ArrayList<>()).add(rule);
    }

    /** Decides one navigation with the rules' own expected state. */
    public Decision decide(NavigationRequest request) { return decide(request, rules.expectedState); }

    /** Decides one navigation; `expectedState` (null: none) is compared with a sentinel response's state. */
    public Decision decide(NavigationRequest request, String expectedState) {
        FormParameters none = FormParameters.none();
        BrowserURL.Result parsed = BrowserURL.parse(request.url);
        if (parsed.url == null) return new Decision(PolicyAction.CANCEL, DecisionKind.BLOCKED, null, null, none, null, DecisionError.invalidURL(parsed.error));
        BrowserURL url = parsed.url;
        String scheme = url.scheme();
        if (scheme.equals("about") && (url.pathname().equals("blank") || url.pathname().equals("srcdoc"))) {
            return new Decision(PolicyAction.ALLOW, DecisionKind.ALLOWED, null, url, none, Interception.allowedOrigin("about:" + url.pathname()), null);
        }
        // 1. Always-blocked schemes, unless a scheme rule names them.
        List<SchemeRule> forScheme = schemeRules.get(scheme);
        if (forScheme == null && ALWAYS_BLOCKED_SCHEMES.contains(scheme)) {
            return new Decision(PolicyAction.CANCEL, DecisionKind.BLOCKED, null, url, none, Interception.blockedScheme(scheme), null);
        }
        // 2–3. Bridge schemes, then deep-link routes.
        if (forScheme != null) {
            String route = null;
            for (SchemeRule rule : forScheme) {
                if (rule.bridgeProtocol != null) return bridgeDecision(url, rule);
                if (route == null) route = route(url);
                if (rule.route == null || rule.route.equals(route)) return deepLinkDecision(url, route, rule);
            }
        }
        if (wvjbRule != null && (scheme.equals("https") || scheme.equals("http"))
                && (url.hostname().equals(BridgeDecoding.WVJB_LOADED_HOST) || url.hostname().equals(BridgeDecoding.WVJB_QUEUE_HOST))) {
            BridgeMessage signal = BridgeDecoding.wvjbSignal(url);
            return new Decision(wvjbRule.action, DecisionKind.BRIDGE, wvjbRule.name, url, none, Interception.bridge(signal), null);
        }
        // 4. Sentinels on the URL's host (the comparison asks the host to be equal), in file order; an error
        // response at a redirect URI is the app's whatever the rules require.
        SentinelRule endpoint = null;
        FormParameters endpointParameters = null;
        List<SentinelRule> onHost = sentinelsByHost.get(url.hostname());
        for (SentinelRule rule : onHost != null ? onHost : java.util.Collections.<SentinelRule>emptyList()) {
            if (SentinelMatcher.compare(url, rule) != null) continue;
            if (rule.frames == FrameScope.MAIN && !request.isMainFrame || rule.frames == FrameScope.SUB && request.isMainFrame) continue;
            if (rule.responseMode == ResponseMode.FORM_POST) {
                if (!request.method.equals(HTTPMethod.POST)) continue;
                return new Decision(rule.action, DecisionKind.SENTINEL, rule.name, url, none,
                        Interception.sentinel(SentinelResult.formPost(request.method)), null);
            }
            FormParameters parameters = parameters(url, rule.responseMode);
            boolean unmet = false;
            for (String name : rule.require) if (!parameters.contains(name)) { unmet = true; break; }
            for (String name : rule.forbid) if (!unmet && parameters.contains(name)) { unmet = true; break; }
            if (!unmet) return sentinelDecision(url, rule, rule.action, parameters, expectedState);
            if (endpoint == null && parameters.contains("error")) {
                endpoint = rule;
                endpointParameters = parameters;
            }
        }
        // RFC 6749 §4.1.2.1, §4.2.2.1: the authorization server's error response never loads in the page.
        if (endpoint != null) return sentinelDecision(url, endpoint, PolicyAction.CANCEL, endpointParameters, expectedState);
        // 5. Allowed origins.
        int port = url.effectivePort();
        for (OriginPattern origin : rules.allow) {
            if (origin.scheme.equals(scheme) && origin.port == port && origin.matchesHost(url.hostname())) {
                return new Decision(PolicyAction.ALLOW, DecisionKind.ALLOWED, origin.text, url, none,
                        Interception.allowedOrigin(origin.exactOrigin != null ? origin.exactOrigin : url.origin()), null);
            }
        }
        // 6. The default.
        return new Decision(rules.defaultAction, DecisionKind.DEFAULT, null, url, none, null, null);
    }

    private Decision bridgeDecision(BrowserURL url, SchemeRule rule) {
        FormParameters pathParameters = url.hasOpaquePath() && url.query() == null ? url.pathParameters() : null;
        BridgeDecoding.Outcome outcome = rule.bridgeProtocol == BridgeProtocol.JANRAIN ? BridgeDecoding.janrain(url, pathParameters) : BridgeDecoding.wvjb(url);
        if (outcome.message != null) {
            return new Decision(rule.action, DecisionKind.BRIDGE, rule.name, url, pathParameters != null ? pathParameters : url.queryParameters(),
                    Interception.bridge(outcome.message), null);
        }
        return new Decision(rule.action, DecisionKind.BRIDGE, rule.name, url, url.queryParameters(), null,
                DecisionError.bridgeMessageInvalid(outcome.error));
    }

    /** A deep link's route: the host (myapp://route) or the first path segment (myapp:route, myapp:///route). */
    public static String route(BrowserURL url) {
        String host = url.hostname();
        if (!host.isEmpty()) return host;
        String path = url.pathname();
        int start = 0;
        while (start < path.length() && path.charAt(start) == '/') start++;
        int end = path.indexOf('/', start);
        return path.substring(start, end < 0 ? path.length() : end);
    }

    private Decision deepLinkDecision(BrowserURL url, String route, SchemeRule rule) {
        FormParameters parameters = url.queryParameters();
        DecisionError error = null;
        List<String> missing = new ArrayList<>();
        for (String name : rule.require) if (!parameters.contains(name)) missing.add(name);
        if (!missing.isEmpty()) {
            error = DecisionError.missingParameter(missing);
        } else {
            for (String name : rule.require) {
                int count = parameters.countOf(name);
                if (count > 1) { error = DecisionError.repeatedParameter(name, count, DecisionError.Place.DEEP_LINK); break; }
            }
        }
        return new Decision(rule.action, DecisionKind.DEEPLINK, rule.name, url, parameters, Interception.deepLink(route, parameters), error);
    }

    private static Decision sentinelDecision(BrowserURL url, SentinelRule rule, PolicyAction action, FormParameters parameters, String expectedState) {
        // Each field's first value, and the first credential (in pair order) whose pair repeats an earlier one's name.
        String[] first = new String[FIELD_NAMES.size()];
        boolean[] seen = new boolean[FIELD_NAMES.size()];
        String repeated = null;
        for (FormParameters.Pair pair : parameters.pairs()) {
            int field = FIELD_NAMES.indexOf(pair.name);
            if (field < 0) continue;
            if (!seen[field]) {
                seen[field] = true;
                first[field] = pair.value;
            } else if (repeated == null && field < CREDENTIAL_FIELDS) {
                repeated = pair.name;
            }
        }
        DecisionError error = null;
        if (repeated != null) error = DecisionError.repeatedParameter(repeated, parameters.countOf(repeated), DecisionError.Place.RESPONSE);
        String state = first[5];
        if (error == null && expectedState != null) {
            if (state == null) error = DecisionError.stateMissing(expectedState);
            else if (!state.equals(expectedState)) error = DecisionError.stateMismatch(state, expectedState);
        }
        SentinelResult result = first[6] != null ? SentinelResult.oauthError(first[6], first[8], first[9], state)
                : SentinelResult.authorization(first[0], first[1], first[2], state);
        return new Decision(action, DecisionKind.SENTINEL, rule.name, url, parameters, Interception.sentinel(result), error);
    }

    /** The parameters a sentinel reads, per its responseMode: query, fragment, or both (query first). */
    static FormParameters parameters(BrowserURL url, ResponseMode mode) {
        switch (mode) {
            case QUERY: return url.queryParameters();
            case FRAGMENT: return url.fragmentParameters();
            case ANY: return FormParameters.joined(url.queryParameters(), url.fragmentParameters());
            default: return FormParameters.none();
        }
    }

    @Override public String toString() { return "PolicyEngine(" + rules + ")"; }
}
