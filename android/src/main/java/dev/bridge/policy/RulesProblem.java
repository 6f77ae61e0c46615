// RulesProblem.java: what is wrong with a rules file, by the stable code the Swift engine gives it
// (RulesProblem.code: an `input-error` line's `code`), so a bad file fails with the same code in both engines.
// JSON reading problems (encoding, syntax, a repeated, unknown or missing key, a wrong type) come first, then
// one per refusal of the loader and of the consistency check. Words are the Swift CLI's to make.
package dev.bridge.policy;

public enum RulesProblem {
    NOT_UTF8("not-utf8"),
    NOT_JSON("not-json"),
    NOT_AN_OBJECT("not-an-object"),
    REPEATED_KEY("repeated-key"),
    UNKNOWN_KEY("unknown-key"),
    MISSING_KEY("missing-key"),
    WRONG_TYPE("wrong-type"),
    UNREADABLE("unreadable"),
    UNSUPPORTED_VERSION("unsupported-version"),
    UNKNOWN_PLATFORM("unknown-platform"),
    UNKNOWN_ACTION("unknown-action"),
    MISPLACED_WILDCARD("misplaced-wildcard"),
    ORIGIN_NOT_URL("origin-not-url"),
    ORIGIN_NOT_WEB("origin-not-web"),
    NOT_AN_ORIGIN("not-an-origin"),
    WILDCARD_WITHOUT_DOMAIN("wildcard-without-domain"),
    EMPTY_NAME("empty-name"),
    NAME_TAKEN("name-taken"),
    UNKNOWN_FRAMES("unknown-frames"),
    FRAMES_NOT_SCOPE_OR_LIST("frames-not-scope-or-list"),
    UNKNOWN_FRAME("unknown-frame"),
    REDIRECT_URI_NOT_URL("redirect-uri-not-url"),
    REDIRECT_URI_HAS_CREDENTIALS("redirect-uri-has-credentials"),
    REDIRECT_URI_HAS_FRAGMENT("redirect-uri-has-fragment"),
    REDIRECT_URI_HAS_QUERY("redirect-uri-has-query"),
    REDIRECT_URI_HAS_NO_PATH("redirect-uri-has-no-path"),
    UNKNOWN_RESPONSE_MODE("unknown-response-mode"),
    FORM_POST_READS_URL("form-post-reads-url"),
    ANY_PORT_NOT_LOOPBACK("any-port-not-loopback"),
    REQUIRED_AND_FORBIDDEN("required-and-forbidden"),
    INTERFACE_NAME_NOT_IDENTIFIER("interface-name-not-identifier"),
    METHOD_NOT_IDENTIFIER("method-not-identifier"),
    NO_METHODS("no-methods"),
    INTERFACE_ADDED_TWICE("interface-added-twice"),
    UNKNOWN_PROTOCOL("unknown-protocol"),
    NOT_A_SCHEME("not-a-scheme"),
    WEB_SCHEME("web-scheme"),
    PROTOCOL_AND_ROUTE("protocol-and-route"),
    ROUTE_NOT_HOST_OR_SEGMENT("route-not-host-or-segment"),
    REQUIRE_ON_BRIDGE("require-on-bridge"),
    EMPTY_EVENT_NAME("empty-event-name"),
    NO_HANDLERS("no-handlers"),
    SHADOWED_SENTINEL("shadowed-sentinel"),
    SHADOWED_SCHEME_RULE("shadowed-scheme-rule");

    /** The stable code. */
    public final String code;

    RulesProblem(String code) { this.code = code; }
}
