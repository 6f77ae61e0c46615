// PolicyEngineTest.java: the Java engine's decisions on the cases the Swift engine's tests hold it to: the
// contract's order, the redirect-URI comparison's attacks (prefixes, userinfo, a backslash, a longer host, a
// trailing dot, ports, trailing slashes), sentinels' requirements, error responses, frames and form posts,
// deep links, both bridges, the platform's unasked navigations, and values that mask their secrets when logged.
// CI's engines-diff then holds every decision to the Swift engine's on the corpus and the attack variants.
package dev.bridge.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

class PolicyEngineTest {
    static final String RULES = "{\"version\": 1, \"default\": \"cancel\","
            + "\"allow\": [\"https://yourdomain.com\", \"https://*.janraincapture.com\"],"
            + "\"sentinels\": ["
            + "{\"name\": \"signin\", \"redirectURI\": \"https://yourdomain.com/cb\", \"require\": [\"code\"]},"
            + "{\"name\": \"loopback\", \"redirectURI\": \"http://127.0.0.1:8080/cb\", \"loopbackAnyPort\": true, \"trailingSlash\": true},"
            + "{\"name\": \"main-only\", \"redirectURI\": \"https://yourdomain.com/main\", \"frames\": \"main\"},"
            + "{\"name\": \"posted\", \"redirectURI\": \"https://yourdomain.com/post\", \"responseMode\": \"form_post\"},"
            + "{\"name\": \"fragment\", \"redirectURI\": \"https://yourdomain.com/implicit\", \"responseMode\": \"fragment\", \"require\": [\"access_token\"]}],"
            + "\"schemes\": ["
            + "{\"name\": \"janrain\", \"scheme\": \"janrain\", \"protocol\": \"janrain\"},"
            + "{\"name\": \"wvjb\", \"scheme\": \"wvjbscheme\", \"protocol\": \"wvjb\"},"
            + "{\"name\": \"reset\", \"scheme\": \"myapp\", \"route\": \"reset-password\", \"require\": [\"token\"]}]}";

    static final PolicyEngine ENGINE = engine(RULES);

    static PolicyEngine engine(String rules) {
        try {
            return new PolicyEngine(RulesLoader.parse(rules));
        } catch (RulesError e) {
            throw new AssertionError(e);
        }
    }

    static Decision decide(String url) { return ENGINE.decide(NavigationRequest.of(url)); }

    @Test void aSentinelTakesItsRedirectURIWithItsResult() {
        Decision d = decide("https://yourdomain.com/cb?code=abc&state=xyz");
        assertEquals(PolicyAction.CANCEL, d.action);
        assertEquals(DecisionKind.SENTINEL, d.kind);
        assertEquals("signin", d.rule);
        assertEquals(SentinelResult.Type.AUTHORIZATION, d.interception.sentinel.type);
        assertEquals("abc", d.interception.sentinel.code);
        assertEquals("xyz", d.interception.sentinel.state);
    }

    @Test void lookalikesOfTheRedirectURIAreNotIt() {
        for (String url : new String[] {"https://yourdomain.com.evil.com/cb?code=a", "https://evil.com/yourdomain.com/cb?code=a",
                "https://yourdomain.com@evil.com/cb?code=a", "https://evil.com\\@yourdomain.com/cb?code=a", "https://yourdomain.com./cb?code=a",
                "https://yourdomain.com:8443/cb?code=a", "http://yourdomain.com/cb?code=a", "https://yourdomain.com/cb/?code=a",
                "https://yourdomain.com/CB?code=a", "https://user@yourdomain.com/cb?code=a"}) {
            assertFalse(decide(url).kind == DecisionKind.SENTINEL, url);
        }
        // The host is case-insensitive, the default port drops out: the same URL.
        assertEquals(DecisionKind.SENTINEL, decide("HTTPS://YourDomain.COM:443/cb?code=a").kind);
    }

    @Test void aLoopbackRuleTakesAnyPortAndATrailingSlashWhenItSaysSo() {
        assertEquals("loopback", decide("http://127.0.0.1:53117/cb/?code=a").rule);
        assertEquals(DecisionKind.DEFAULT, decide("http://127.0.0.2.evil.com:53117/cb?code=a").kind);
    }

    @Test void aResponseLackingWhatTheRuleRequiresIsNotItsButAnErrorResponseIsTheApps() {
        assertEquals(DecisionKind.ALLOWED, decide("https://yourdomain.com/cb?state=x").kind);
        Decision error = decide("https://yourdomain.com/cb?error=access_denied&error_description=no&state=x");
        assertEquals(DecisionKind.SENTINEL, error.kind);
        assertEquals(PolicyAction.CANCEL, error.action);
        assertEquals(SentinelResult.Type.OAUTH_ERROR, error.interception.sentinel.type);
        assertEquals("access_denied", error.interception.sentinel.error);
    }

    @Test void aRepeatedCredentialAndAWrongStateAreErrorsInTheDecision() {
        assertEquals(DecisionError.Code.REPEATED_PARAMETER, decide("https://yourdomain.com/cb?code=a&code=b").error.code);
        Decision mismatch = ENGINE.decide(NavigationRequest.of("https://yourdomain.com/cb?code=a&state=other"), "sent");
        assertEquals(DecisionError.Code.STATE_MISMATCH, mismatch.error.code);
        assertEquals("other", mismatch.error.received);
        assertEquals(DecisionError.Code.STATE_MISSING, ENGINE.decide(NavigationRequest.of("https://yourdomain.com/cb?code=a"), "sent").error.code);
    }

    @Test void framesFragmentsAndFormPosts() {
        NavigationRequest sub = new NavigationRequest.Builder("https://yourdomain.com/main?x=1").mainFrame(false).build();
        assertEquals(DecisionKind.ALLOWED, ENGINE.decide(sub).kind);
        assertEquals("fragment", decide("https://yourdomain.com/implicit#access_token=t&state=s").rule);
        assertEquals(DecisionKind.ALLOWED, decide("https://yourdomain.com/implicit?access_token=t").kind);
        NavigationRequest post = new NavigationRequest.Builder("https://yourdomain.com/post").method(HTTPMethod.POST).build();
        Decision posted = ENGINE.decide(post);
        assertEquals(SentinelResult.Type.FORM_POST, posted.interception.sentinel.type);
        assertEquals(DecisionKind.ALLOWED, decide("https://yourdomain.com/post").kind);
    }

    @Test void deepLinksByRouteWithTheirRequiredParameters() {
        Decision link = decide("myapp://reset-password?token=t");
        assertEquals(DecisionKind.DEEPLINK, link.kind);
        assertEquals("reset-password", link.interception.route);
        assertNull(link.error);
        assertEquals(DecisionError.Code.MISSING_PARAMETER, decide("myapp://reset-password").error.code);
        assertEquals(DecisionError.Code.REPEATED_PARAMETER, decide("myapp:reset-password?token=a&token=b").error.code);
        assertEquals(DecisionKind.DEFAULT, decide("myapp://sign-in?token=t").kind);
    }

    @Test void janrainAndWebViewJavascriptBridgeMessages() {
        assertEquals(BridgeMessage.Type.DRAIN_REQUEST, decide("janrain:eventsAvailable?1700000000").interception.bridge.type);
        Decision event = decide("janrain:onCaptureLoginSuccess?arguments=%5B%7B%22a%22%3A1%7D%2C2%5D");
        assertEquals("onCaptureLoginSuccess", event.interception.bridge.name);
        assertEquals(2, event.interception.bridge.arguments.size());
        assertEquals(2, decide("janrain:onX?arguments=%7B%221%22%3A2%2C%220%22%3A1%7D").interception.bridge.arguments.size());
        assertEquals(BridgeDecodingError.Kind.ARGUMENTS_OBJECT_KEYS_NOT_NUMERIC, decide("janrain:onX?arguments=%7B%22a%22%3A1%7D").error.bridgeError.kind);
        assertEquals(BridgeDecodingError.Kind.ARGUMENTS_NOT_JSON, decide("janrain:onX?arguments=%5B").error.bridgeError.kind);
        assertEquals("tok", decide("janrain:accessToken=tok").interception.bridge.value);
        assertEquals(BridgeDecodingError.Kind.ACCESS_TOKEN_MISSING, decide("janrain:accessToken=").error.bridgeError.kind);
        assertEquals(BridgeMessage.Type.DRAIN_REQUEST, decide("wvjbscheme://__WVJB_QUEUE_MESSAGE__").interception.bridge.type);
        assertEquals(BridgeMessage.Type.BRIDGE_LOADED, decide("https://__bridge_loaded__/").interception.bridge.type);
    }

    @Test void aDrainedWebViewJavascriptBridgeQueue() {
        BridgeDecoding.Queue queue = BridgeDecoding.wvjbQueue("[{\"handlerName\": \"signIn\", \"data\": {\"a\": 1}, \"callbackId\": \"cb_1\"},"
                + "{\"responseId\": \"cb_0\", \"responseData\": true}]");
        assertEquals(2, queue.messages.size());
        assertEquals(BridgeMessage.Type.WVJB_MESSAGE, queue.messages.get(0).type);
        assertEquals("signIn", queue.messages.get(0).handlerEvent());
        assertEquals("cb_1", queue.messages.get(0).value);
        assertEquals(BridgeMessage.Type.WVJB_REPLY, queue.messages.get(1).type);
        assertEquals(BridgeDecodingError.Kind.WVJB_QUEUE_NOT_ARRAY, BridgeDecoding.wvjbQueue("{}").error.kind);
        assertEquals("1", BridgeDecoding.wvjbQueue("[{\"handlerName\": \"a\"}, {\"x\": 1}]").error.subject);
    }

    @Test void blockedSchemesAboutPagesOriginsAndTheDefault() {
        assertEquals(DecisionKind.BLOCKED, decide("javascript:alert(1)").kind);
        assertEquals(DecisionKind.BLOCKED, decide("data:text/html,x").kind);
        assertEquals(PolicyAction.ALLOW, decide("about:blank").action);
        assertEquals("https://*.janraincapture.com", decide("https://app.janraincapture.com/x").rule);
        assertEquals(DecisionKind.DEFAULT, decide("https://janraincapture.com/x").kind);
        Decision broken = decide("http://[::1");
        assertEquals(DecisionKind.BLOCKED, broken.kind);
        assertEquals(DecisionError.Code.INVALID_URL, broken.error.code);
    }

    @Test void androidDoesNotAskAboutPostsSubframesHistoryOrTheAppsOwnLoads() {
        Decision d = decide("https://yourdomain.com/cb?code=a");
        assertTrue(Platform.ANDROID.losesInterception(new NavigationRequest.Builder("https://yourdomain.com/cb?code=a").method(HTTPMethod.POST).build(), d));
        assertTrue(Platform.ANDROID.losesInterception(new NavigationRequest.Builder("https://yourdomain.com/cb?code=a").mainFrame(false).build(), d));
        assertTrue(Platform.ANDROID.losesInterception(new NavigationRequest.Builder("https://yourdomain.com/cb?code=a").appInitiated(true).build(), d));
        assertFalse(Platform.ANDROID.losesInterception(new NavigationRequest.Builder("https://yourdomain.com/cb?code=a").appInitiated(true).redirect(true).build(), d));
        assertFalse(Platform.ANDROID.losesInterception(new NavigationRequest.Builder("myapp://reset-password?token=t").mainFrame(false).build(),
                decide("myapp://reset-password?token=t")));
        assertFalse(Platform.IOS.losesInterception(new NavigationRequest.Builder("https://yourdomain.com/cb?code=a").method(HTTPMethod.POST).build(), d));
    }

    @Test void valuesAnAppLogsMaskTheirSecrets() {
        String secret = "SplxlOBeZQQYbYS6WxSbIA";
        Decision d = decide("https://yourdomain.com/cb?code=" + secret + "&state=af0ifjsldkj");
        for (Object value : new Object[] {d, d.interception, d.interception.sentinel, d.url, d.parameters, d.parameters.pairs().get(0),
                NavigationRequest.of("https://yourdomain.com/cb?code=" + secret), decide("janrain:accessToken=" + secret).interception.bridge}) {
            String logged = String.valueOf(value);
            assertFalse(logged.contains(secret), logged);
            assertFalse(logged.contains("af0ifjsldkj"), logged);
        }
        assertTrue(String.valueOf(d.url).contains("Splx\u2026(22)"));
        assertEquals(secret, d.interception.sentinel.code);
    }

    @Test void everyFixtureRulesFileLoads() throws Exception {
        for (String name : new String[] {"android-demo", "bridges", "capture", "deeplink", "form-post", "kii", "platform-facts", "realm", "social"}) {
            assertNotNull(RulesLoader.parse(Files.readAllBytes(Paths.get("../Fixtures/rules/" + name + ".json"))), name);
        }
    }
}
