// HTTPMethod.java: a navigation's method, as a value. RFC 9110 makes a method a token; Fetch's "normalize a
// method" upper-cases the six it knows whatever their case and keeps any other as sent. Compared as values,
// never as strings (the Swift engine's HTTPMethod).
package dev.bridge.policy;

public final class HTTPMethod {
    public static final HTTPMethod GET = new HTTPMethod("GET"), HEAD = new HTTPMethod("HEAD"), POST = new HTTPMethod("POST"),
            PUT = new HTTPMethod("PUT"), DELETE = new HTTPMethod("DELETE"), OPTIONS = new HTTPMethod("OPTIONS");
    private static final HTTPMethod[] KNOWN = {GET, HEAD, POST, PUT, DELETE, OPTIONS};

    public final String name;

    private HTTPMethod(String name) { this.name = name; }

    /** The method `text` is, or null when it is no RFC 9110 token. */
    public static HTTPMethod parse(String text) {
        if (!isToken(text)) return null;
        for (HTTPMethod known : KNOWN) if (known.name.equalsIgnoreCase(text)) return known;
        return new HTTPMethod(text);
    }

    /** The method a web view reported, kept as sent when it is no token. */
    public static HTTPMethod reported(String text) {
        HTTPMethod method = parse(text);
        return method != null ? method : new HTTPMethod(text);
    }

    public static boolean isToken(String text) {
        if (text.isEmpty()) return false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean alnum = c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z';
            if (!alnum && "!#$%&'*+-.^_`|~".indexOf(c) < 0) return false;
        }
        return true;
    }

    @Override public boolean equals(Object other) { return other instanceof HTTPMethod && ((HTTPMethod) other).name.equals(name); }

    @Override public int hashCode() { return name.hashCode(); }

    @Override public String toString() { return name; }
}
