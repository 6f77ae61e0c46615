// BridgeDecodingError.java: a bridge URL that cannot be decoded, and why (the Swift engine's cases), with the
// event or scheme it names.
package dev.bridge.policy;

public final class BridgeDecodingError {
    public enum Kind {
        NOT_JANRAIN, ACCESS_TOKEN_MISSING, EVENT_NAME_MISSING, ARGUMENTS_MISSING, ARGUMENTS_NOT_JSON,
        ARGUMENTS_OBJECT_KEYS_NOT_NUMERIC, ARGUMENTS_NOT_ARRAY, NOT_WVJB_SIGNAL, WVJB_QUEUE_NOT_ARRAY, WVJB_ENTRY_UNRECOGNIZED
    }

    public final Kind kind;
    /** The event's name, for NOT_WVJB_SIGNAL the URL's scheme, for WVJB_ENTRY_UNRECOGNIZED the entry's index; null for the others. */
    public final String subject;

    BridgeDecodingError(Kind kind, String subject) {
        this.kind = kind;
        this.subject = subject;
    }

    @Override public String toString() { return kind.name() + (subject != null ? "(" + subject + ")" : ""); }
}
