// SentinelResult.java: the result a sentinel navigation carries (RFC 6749 §4.1.2, §4.1.2.1, §4.2.2): an
// authorization (code, tokens, state), an OAuth error response, or a form posted to the redirect URI (its
// result in the body, which shouldOverrideUrlLoading never sees). Decoded once, while deciding. Its toString
// masks the code, the tokens and the state; the values are its fields.
package dev.bridge.policy;

import dev.bridge.url.LoggedURL;

public final class SentinelResult {
    public enum Type { AUTHORIZATION, OAUTH_ERROR, FORM_POST }

    public final Type type;
    /** An authorization's values (null when absent). */
    public final String code, accessToken, idToken;
    /** The state sent back with either answer (null when absent). */
    public final String state;
    /** An error response's values. */
    public final String error, errorDescription, errorURI;
    /** A form post's method. */
    public final HTTPMethod method;

    private SentinelResult(Type type, String code, String accessToken, String idToken, String state, String error,
                           String errorDescription, String errorURI, HTTPMethod method) {
        this.type = type;
        this.code = code;
        this.accessToken = accessToken;
        this.idToken = idToken;
        this.state = state;
        this.error = error;
        this.errorDescription = errorDescription;
        this.errorURI = errorURI;
        this.method = method;
    }

    static SentinelResult authorization(String code, String accessToken, String idToken, String state) {
        return new SentinelResult(Type.AUTHORIZATION, code, accessToken, idToken, state, null, null, null, null);
    }

    static SentinelResult oauthError(String error, String description, String uri, String state) {
        return new SentinelResult(Type.OAUTH_ERROR, null, null, null, state, error, description, uri, null);
    }

    static SentinelResult formPost(HTTPMethod method) {
        return new SentinelResult(Type.FORM_POST, null, null, null, null, null, null, null, method);
    }

    @Override public String toString() {
        switch (type) {
            case AUTHORIZATION:
                return "authorization(code: " + masked(code) + ", accessToken: " + masked(accessToken) + ", idToken: " + masked(idToken)
                        + ", state: " + masked(state) + ")";
            case OAUTH_ERROR:
                return "oauthError(error: " + masked(error) + ", state: " + masked(state) + ")";
            default:
                return "formPost(" + method + ")";
        }
    }

    static String masked(String value) { return value == null ? "nil" : LoggedURL.maskDecoded(value); }
}
