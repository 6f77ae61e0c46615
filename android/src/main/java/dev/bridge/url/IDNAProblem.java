// IDNAProblem.java: why UTS #46 ToASCII refused a domain, as a value: the same cases as the Swift engine's
// IDNAProblem (URLParseError.swift), each with the code point and the label (1-based) where it applies.
package dev.bridge.url;

public final class IDNAProblem {
    public enum Kind {
        EMPTY("empty"), DISALLOWED("disallowed"), PUNYCODE_LABEL_NOT_ASCII("punycode-label-not-ascii"), PUNYCODE_INVALID("punycode-invalid"),
        PUNYCODE_DECODES_TO_ASCII("punycode-decodes-to-ascii"), NOT_NFC("not-nfc"), DECODED_LABEL_STARTS_WITH_ACE("decoded-label-starts-with-xn--"),
        NOT_VALID("not-valid"), STARTS_WITH_COMBINING_MARK("starts-with-combining-mark"), JOINER_OUT_OF_CONTEXT("contextj"), BIDI("bidi"),
        PUNYCODE_OVERFLOW("punycode-overflow");

        /** The name `bridge url --format json` gives the problem (its error's `detail.problem`). */
        public final String jsonName;

        Kind(String jsonName) { this.jsonName = jsonName; }
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

    /** A code point as the Swift CLI names it: U+ and at least four upper-case hex digits. */
    public static String codePointName(int cp) {
        String hex = Integer.toHexString(cp).toUpperCase(java.util.Locale.ROOT);
        StringBuilder out = new StringBuilder("U+");
        for (int i = hex.length(); i < 4; i++) out.append('0');
        return out.append(hex).toString();
    }

    @Override public String toString() {
        return kind.jsonName + (codePoint >= 0 ? " " + codePointName(codePoint) : "") + (label > 0 ? " label " + label : "")
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
