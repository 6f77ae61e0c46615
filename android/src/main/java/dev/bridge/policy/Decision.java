// Decision.java: what the engine decided about one navigation: the action, its kind, the rule that decided,
// the URL as parsed, the parameters read, what was intercepted and what went wrong. Made once, never changed.
// Its toString masks every credential (an app may log a decision); the values are its fields.
package dev.bridge.policy;

import dev.bridge.url.BrowserURL;
import dev.bridge.url.FormParameters;

public final class Decision {
    public final PolicyAction action;
    public final DecisionKind kind;
    /** The rule that decided, by name (null for built-in decisions and the default). */
    public final String rule;
    /** The URL as parsed (null when it did not parse). */
    public final BrowserURL url;
    /** The parameters the decision read (query and/or fragment, as the rule's responseMode says). */
    public final FormParameters parameters;
    public final Interception interception;
    public final DecisionError error;

    Decision(PolicyAction action, DecisionKind kind, String rule, BrowserURL url, FormParameters parameters, Interception interception,
             DecisionError error) {
        this.action = action;
        this.kind = kind;
        this.rule = rule;
        this.url = url;
        this.parameters = parameters;
        this.interception = interception;
        this.error = error;
    }

    /** Whether the app should cancel the navigation (return true from shouldOverrideUrlLoading). */
    public boolean cancels() { return action == PolicyAction.CANCEL; }

    @Override public String toString() {
        return "Decision(" + action.word + ", " + kind.word + (rule != null ? ", rule " + rule : "") + (url != null ? ", " + url : "")
                + (interception != null ? ", " + interception : "") + (error != null ? ", error " + error : "") + ")";
    }
}
