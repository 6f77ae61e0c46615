// IDNAProblem.java: why UTS #46 ToASCII refused a domain, as a value: the same cases as the Swift engine's
// IDNAProblem (URLParseError.swift), each with the code point and the label (1-based) where it applies.
package dev.bridge.url;

public final class IDNAProblem {
    public enum Kind {
        EMPTY, DISALLOWED, PUNYCODE_LABEL_NOT_ASCII, PUNYCODE_INVALID, PUNYCODE_DECODES_TO_ASCII, NOT_NFC,
        DECODED_LABEL_STARTS_WITH_ACE, NOT_VALID, STARTS_WITH_COMBINING_MARK, JOINER_OUT_OF_CONTEXT, BIDI, PUNYCODE_OVERFLOW
    }

    public final Kind kind;
    /** The code point it is about, or -1. */
    public final int codePoint;
    /** The label (1-based), or 0 for the whole domain. */
    public final int label;
    /** For BIDI: the rule of RFC 5893 §2 (1–6); else 0. */
    public final int rule;

    IDNAProblem(Kind kind, int codePoint, int label, int rule) {
        this.kind = kind;
        this.codePoint = codePoint;
        this.label = label;
        this.rule = rule;
    }

    @Override public String toString() {
        return kind + (codePoint >= 0 ? " U+" + Integer.toHexString(codePoint).toUpperCase() : "") + (label > 0 ? " label " + label : "")
                + (rule > 0 ? " rule " + rule : "");
    }

    /** Thrown inside UTS46; the parser turns it into a URLParseError. */
    static final class Failure extends Exception {
        final IDNAProblem problem;

        Failure(Kind kind, int codePoint, int label) { this(kind, codePoint, label, 0); }

        Failure(Kind kind, int codePoint, int label, int rule) {
            super(null, null, false, false);
            problem = new IDNAProblem(kind, codePoint, label, rule);
        }
    }
}
