// ResponseMode.java: where a sentinel reads its parameters (OAuth response_mode): the query, the fragment,
// either (query first), or a form posted to the redirect URI (its result in the body, never in the URL).
package dev.bridge.policy;

public enum ResponseMode {
    QUERY("query"), FRAGMENT("fragment"), ANY("any"), FORM_POST("form_post");

    public final String word;

    ResponseMode(String word) { this.word = word; }

    public static ResponseMode named(String word) {
        for (ResponseMode mode : values()) if (mode.word.equals(word)) return mode;
        return null;
    }
}
