// JSONValue.java: a JSON value as the engine reads it (RFC 8259): objects keep their keys in document order.
package dev.bridge.json;

import java.util.Collections;
import java.util.List;
import java.util.Map;

public final class JSONValue {
    public enum Kind { OBJECT, ARRAY, STRING, NUMBER, BOOL, NULL }

    public final Kind kind;
    private final Object value;

    private JSONValue(Kind kind, Object value) {
        this.kind = kind;
        this.value = value;
    }

    static JSONValue object(Map<String, JSONValue> members) { return new JSONValue(Kind.OBJECT, Collections.unmodifiableMap(members)); }
    static JSONValue array(List<JSONValue> items) { return new JSONValue(Kind.ARRAY, Collections.unmodifiableList(items)); }
    static JSONValue string(String text) { return new JSONValue(Kind.STRING, text); }
    /** A number, kept as its text (the reader checked its grammar). */
    static JSONValue number(String text) { return new JSONValue(Kind.NUMBER, text); }
    static JSONValue bool(boolean value) { return new JSONValue(Kind.BOOL, value); }
    static final JSONValue NULL = new JSONValue(Kind.NULL, null);

    @SuppressWarnings("unchecked")
    public Map<String, JSONValue> members() { return kind == Kind.OBJECT ? (Map<String, JSONValue>) value : null; }

    @SuppressWarnings("unchecked")
    public List<JSONValue> items() { return kind == Kind.ARRAY ? (List<JSONValue>) value : null; }

    public String string() { return kind == Kind.STRING ? (String) value : null; }

    public String numberText() { return kind == Kind.NUMBER ? (String) value : null; }

    public Boolean bool() { return kind == Kind.BOOL ? (Boolean) value : null; }

    /** The member `key` of an object, or null. */
    public JSONValue get(String key) { return kind == Kind.OBJECT ? members().get(key) : null; }
}
