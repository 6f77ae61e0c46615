// NavigationType.java: how a navigation started, as the web views report it (WKNavigationType's cases).
package dev.bridge.policy;

public enum NavigationType {
    LINK_CLICKED("linkClicked"), FORM_SUBMITTED("formSubmitted"), BACK_FORWARD("backForward"), RELOAD("reload"),
    FORM_RESUBMITTED("formResubmitted"), OTHER("other");

    public final String word;

    NavigationType(String word) { this.word = word; }

    public static NavigationType named(String word) {
        for (NavigationType type : values()) if (type.word.equals(word)) return type;
        return null;
    }
}
