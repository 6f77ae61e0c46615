// DecisionKind.java: the class of a decision (the JSON Lines' `kind`).
package dev.bridge.policy;

public enum DecisionKind {
    SENTINEL("sentinel"), BRIDGE("bridge"), DEEPLINK("deeplink"), BLOCKED("blocked"), ALLOWED("allowed"), DEFAULT("default");

    public final String word;

    DecisionKind(String word) { this.word = word; }

    /** Whether a cancelled decision of this kind carries a result to the app (what a platform must ask about). */
    public boolean isInterception() { return this == SENTINEL || this == BRIDGE || this == DEEPLINK; }
}
