// PolicyAction.java: what a rule, or the default, does with a navigation it decides (rules file v1's words).
package dev.bridge.policy;

public enum PolicyAction {
    ALLOW("allow"), CANCEL("cancel");

    /** The word the rules file and the JSON Lines use. */
    public final String word;

    PolicyAction(String word) { this.word = word; }

    /** The action a word names, or null. */
    public static PolicyAction named(String word) {
        for (PolicyAction action : values()) if (action.word.equals(word)) return action;
        return null;
    }
}
