// DecisionError.java: an error carried in a decision (the navigation was still decided), by the Swift
// engine's stable codes: invalid-url, bridge-message-invalid, missing-parameter, repeated-parameter,
// state-mismatch, state-missing. The states it carries are the real ones (an app compares them); its
// toString masks them.
package dev.bridge.policy;

import dev.bridge.url.LoggedURL;
import dev.bridge.url.URLParseError;
import java.util.Collections;
import java.util.List;

public final class DecisionError {
    public enum Code {
        INVALID_URL("invalid-url"), BRIDGE_MESSAGE_INVALID("bridge-message-invalid"), MISSING_PARAMETER("missing-parameter"),
        REPEATED_PARAMETER("repeated-parameter"), STATE_MISMATCH("state-mismatch"), STATE_MISSING("state-missing");

        public final String word;

        Code(String word) { this.word = word; }
    }

    /** Where a repeated parameter was: a deep link's required one, or a sentinel response's credential. */
    public enum Place { DEEP_LINK, RESPONSE }

    public final Code code;
    public final URLParseError urlError;
    public final BridgeDecodingError bridgeError;
    /** The parameters missing, or the one repeated. */
    public final List<String> names;
    public final int count;
    public final Place place;
    /** The state received and the one sent (STATE_MISMATCH; STATE_MISSING has only `sent`). */
    public final String received, sent;

    private DecisionError(Code code, URLParseError urlError, BridgeDecodingError bridgeError, List<String> names, int count, Place place,
                          String received, String sent) {
        this.code = code;
        this.urlError = urlError;
        this.bridgeError = bridgeError;
        this.names = names == null ? Collections.<String>emptyList() : Collections.unmodifiableList(names);
        this.count = count;
        this.place = place;
        this.received = received;
        this.sent = sent;
    }

    static DecisionError invalidURL(URLParseError error) { return new DecisionError(Code.INVALID_URL, error, null, null, 0, null, null, null); }
    static DecisionError bridgeMessageInvalid(BridgeDecodingError error) { return new DecisionError(Code.BRIDGE_MESSAGE_INVALID, null, error, null, 0, null, null, null); }
    static DecisionError missingParameter(List<String> names) { return new DecisionError(Code.MISSING_PARAMETER, null, null, names, 0, null, null, null); }
    static DecisionError repeatedParameter(String name, int count, Place place) {
        return new DecisionError(Code.REPEATED_PARAMETER, null, null, Collections.singletonList(name), count, place, null, null);
    }
    static DecisionError stateMismatch(String received, String sent) { return new DecisionError(Code.STATE_MISMATCH, null, null, null, 0, null, received, sent); }
    static DecisionError stateMissing(String sent) { return new DecisionError(Code.STATE_MISSING, null, null, null, 0, null, null, sent); }

    @Override public String toString() {
        switch (code) {
            case INVALID_URL: return code.word + "(" + urlError + ")";
            case BRIDGE_MESSAGE_INVALID: return code.word + "(" + bridgeError + ")";
            case MISSING_PARAMETER: return code.word + names;
            case REPEATED_PARAMETER: return code.word + "(" + names.get(0) + " ×" + count + ")";
            case STATE_MISMATCH: return code.word + "(received " + LoggedURL.maskDecoded(received) + ", sent " + LoggedURL.maskDecoded(sent) + ")";
            default: return code.word + "(sent " + LoggedURL.maskDecoded(sent) + ")";
        }
    }
}
