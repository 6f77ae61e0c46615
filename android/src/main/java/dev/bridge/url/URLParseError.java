// URLParseError.java: why a string is no URL, as a value: the URL Standard's validation-error name of the
// failure (the same codes as the Swift engine's URLParseError), and for a domain, UTS #46's problem.
package dev.bridge.url;

public final class URLParseError {
    public enum Code {
        DOMAIN_TO_ASCII("domain-to-ASCII"), DOMAIN_INVALID_CODE_POINT("domain-invalid-code-point"), HOST_INVALID_CODE_POINT("host-invalid-code-point"),
        IPV4_TOO_MANY_PARTS("IPv4-too-many-parts"), IPV4_NON_NUMERIC_PART("IPv4-non-numeric-part"), IPV4_OUT_OF_RANGE_PART("IPv4-out-of-range-part"),
        IPV6_UNCLOSED("IPv6-unclosed"), IPV6_INVALID_COMPRESSION("IPv6-invalid-compression"), IPV6_TOO_MANY_PIECES("IPv6-too-many-pieces"),
        IPV6_MULTIPLE_COMPRESSION("IPv6-multiple-compression"), IPV6_INVALID_CODE_POINT("IPv6-invalid-code-point"), IPV6_TOO_FEW_PIECES("IPv6-too-few-pieces"),
        IPV4_IN_IPV6_TOO_MANY_PIECES("IPv4-in-IPv6-too-many-pieces"), IPV4_IN_IPV6_INVALID_CODE_POINT("IPv4-in-IPv6-invalid-code-point"),
        IPV4_IN_IPV6_OUT_OF_RANGE_PART("IPv4-in-IPv6-out-of-range-part"), IPV4_IN_IPV6_TOO_FEW_PARTS("IPv4-in-IPv6-too-few-parts"),
        MISSING_SCHEME_NON_RELATIVE_URL("missing-scheme-non-relative-URL"), HOST_MISSING("host-missing"), PORT_OUT_OF_RANGE("port-out-of-range"),
        PORT_INVALID("port-invalid"), INVALID_BASE("invalid-base-URL");

        /** The URL Standard's name of the validation error. */
        public final String specName;

        Code(String specName) { this.specName = specName; }
    }

    public final Code code;
    /** For DOMAIN_TO_ASCII: what UTS #46 refused; else null. */
    public final IDNAProblem domain;

    URLParseError(Code code, IDNAProblem domain) {
        this.code = code;
        this.domain = domain;
    }

    @Override public String toString() { return code.specName + (domain != null ? " (" + domain + ")" : ""); }

    /** Thrown inside the parser; BrowserURL.parse returns it as a value. */
    static final class Failure extends Exception {
        final URLParseError error;

        Failure(Code code) { this(code, null); }

        Failure(Code code, IDNAProblem domain) {
            super(null, null, false, false);
            error = new URLParseError(code, domain);
        }
    }
}
