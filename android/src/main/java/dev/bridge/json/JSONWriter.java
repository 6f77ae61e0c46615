// JSONWriter.java: one JSON object per line, its keys in the order written (the JSON Lines schema the Swift
// CLI prints). Strings escaped as RFC 8259 requires, and U+2028, U+2029 and U+007F escaped too, as the Swift
// engine's JSONWriter escapes what a terminal or a script would misread.
package dev.bridge.json;

public final class JSONWriter {
    private final StringBuilder out = new StringBuilder("{");
    private boolean first = true;

    private JSONWriter key(String key) {
        if (!first) out.append(',');
        first = false;
        string(out, key);
        out.append(':');
        return this;
    }

    public JSONWriter add(String key, String value) {
        key(key);
        if (value == null) out.append("null"); else string(out, value);
        return this;
    }

    public JSONWriter add(String key, long value) {
        key(key).out.append(value);
        return this;
    }

    public JSONWriter add(String key, boolean value) {
        key(key).out.append(value);
        return this;
    }

    public JSONWriter addNull(String key) {
        key(key).out.append("null");
        return this;
    }

    /** A member whose value is an object another writer made. */
    public JSONWriter add(String key, JSONWriter object) {
        key(key).out.append(object.line());
        return this;
    }

    /** The object, closed. */
    public String line() { return out.toString() + "}"; }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    static void string(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                default:
                    if (c < 0x20 || c == 0x7F || c == 0x2028 || c == 0x2029) {
                        out.append("\\u").append(HEX[c >> 12 & 15]).append(HEX[c >> 8 & 15]).append(HEX[c >> 4 & 15]).append(HEX[c & 15]);
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }
}
