// JSONReader.java: the strict JSON reader (RFC 8259) the Java engine reads rules files with: UTF-8 only,
// no comments, no trailing commas, no duplicate keys, nesting bounded; an error names its line, column
// and what was expected, as a value (JSONReader.Problem), as the Swift engine's JSONScanner does.
package dev.bridge.json;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class JSONReader {
    /** How deep arrays and objects may nest. */
    public static final int MAX_DEPTH = 512;

    /** Why the text is no JSON, and where (1-based line and column, in code points). */
    public static final class Problem extends Exception {
        public enum Kind { INVALID_UTF8, UNEXPECTED_CHARACTER, UNEXPECTED_END, DUPLICATE_KEY, TOO_DEEP, INVALID_ESCAPE, CONTROL_CHARACTER, INVALID_NUMBER, TRAILING_TEXT }

        public final Kind kind;
        public final int line, column;
        /** The key for DUPLICATE_KEY; else null. */
        public final String key;

        Problem(Kind kind, int line, int column, String key) {
            super(kind + " at " + line + ":" + column + (key != null ? " (" + key + ")" : ""), null, false, false);
            this.kind = kind;
            this.line = line;
            this.column = column;
            this.key = key;
        }
    }

    private final String text;
    private int at;

    private JSONReader(String text) { this.text = text; }

    /** The value of a whole document of UTF-8 bytes (a byte-order mark before it is skipped). */
    public static JSONValue parse(byte[] bytes) throws Problem {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new Problem(Problem.Kind.INVALID_UTF8, 1, 1, null);
        }
        if (text.startsWith("\uFEFF")) text = text.substring(1);
        return parse(text);
    }

    public static JSONValue parse(String text) throws Problem {
        JSONReader reader = new JSONReader(text);
        reader.skipSpace();
        JSONValue value = reader.value(0);
        reader.skipSpace();
        if (reader.at < text.length()) throw reader.problem(Problem.Kind.TRAILING_TEXT, null);
        return value;
    }

    private Problem problem(Problem.Kind kind, String key) {
        int line = 1, column = 1;
        for (int i = 0; i < at && i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') { line++; column = 1; } else if (!Character.isLowSurrogate(c)) column++;
        }
        return new Problem(kind, line, column, key);
    }

    private void skipSpace() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
            at++;
        }
    }

    private JSONValue value(int depth) throws Problem {
        if (at >= text.length()) throw problem(Problem.Kind.UNEXPECTED_END, null);
        char c = text.charAt(at);
        switch (c) {
            case '{': return object(depth + 1);
            case '[': return array(depth + 1);
            case '"': return JSONValue.string(string());
            case 't': literal("true"); return JSONValue.bool(true);
            case 'f': literal("false"); return JSONValue.bool(false);
            case 'n': literal("null"); return JSONValue.NULL;
            default:
                if (c == '-' || (c >= '0' && c <= '9')) return JSONValue.number(number());
                throw problem(Problem.Kind.UNEXPECTED_CHARACTER, null);
        }
    }

    private void literal(String word) throws Problem {
        for (int i = 0; i < word.length(); i++) {
            if (at >= text.length()) throw problem(Problem.Kind.UNEXPECTED_END, null);
            if (text.charAt(at) != word.charAt(i)) throw problem(Problem.Kind.UNEXPECTED_CHARACTER, null);
            at++;
        }
    }

    private JSONValue object(int depth) throws Problem {
        if (depth > MAX_DEPTH) throw problem(Problem.Kind.TOO_DEEP, null);
        at++;
        Map<String, JSONValue> members = new LinkedHashMap<>();
        skipSpace();
        if (at < text.length() && text.charAt(at) == '}') { at++; return JSONValue.object(members); }
        while (true) {
            skipSpace();
            if (at >= text.length()) throw problem(Problem.Kind.UNEXPECTED_END, null);
            if (text.charAt(at) != '"') throw problem(Problem.Kind.UNEXPECTED_CHARACTER, null);
            int keyAt = at;
            String key = string();
            skipSpace();
            expect(':');
            skipSpace();
            JSONValue value = value(depth);
            if (members.containsKey(key)) {
                at = keyAt;
                throw problem(Problem.Kind.DUPLICATE_KEY, key);
            }
            members.put(key, value);
            skipSpace();
            if (at >= text.length()) throw problem(Problem.Kind.UNEXPECTED_END, null);
            char c = text.charAt(at++);
            if (c == '}') return JSONValue.object(members);
            if (c != ',') { at--; throw problem(Problem.Kind.UNEXPECTED_CHARACTER, null); }
        }
    }

    private JSONValue array(int depth) throws Problem {
        if (depth > MAX_DEPTH) throw problem(Problem.Kind.TOO_DEEP, null);
        at++;
        List<JSONValue> items = new ArrayList<>();
        skipSpace();
        if (at < text.length() && text.charAt(at) == ']') { at++; return JSONValue.array(items); }
        while (true) {
            skipSpace();
            items.add(value(depth));
            skipSpace();
            if (at >= text.length()) throw problem(Problem.Kind.UNEXPECTED_END, null);
            char c = text.charAt(at++);
            if (c == ']') return JSONValue.array(items);
            if (c != ',') { at--; throw problem(Problem.Kind.UNEXPECTED_CHARACTER, null); }
        }
    }

    private void expect(char c) throws Problem {
        if (at >= text.length()) throw problem(Problem.Kind.UNEXPECTED_END, null);
        if (text.charAt(at) != c) throw problem(Problem.Kind.UNEXPECTED_CHARACTER, null);
        at++;
    }

    private String string() throws Problem {
        at++;
        StringBuilder out = new StringBuilder();
        while (true) {
            if (at >= text.length()) throw problem(Problem.Kind.UNEXPECTED_END, null);
            char c = text.charAt(at);
            if (c == '"') { at++; return out.toString(); }
            if (c < 0x20) throw problem(Problem.Kind.CONTROL_CHARACTER, null);
            if (c != '\\') { out.append(c); at++; continue; }
            at++;
            if (at >= text.length()) throw problem(Problem.Kind.UNEXPECTED_END, null);
            char e = text.charAt(at++);
            switch (e) {
                case '"': out.append('"'); break;
                case '\\': out.append('\\'); break;
                case '/': out.append('/'); break;
                case 'b': out.append('\b'); break;
                case 'f': out.append('\f'); break;
                case 'n': out.append('\n'); break;
                case 'r': out.append('\r'); break;
                case 't': out.append('\t'); break;
                case 'u': {
                    if (at + 4 > text.length()) throw problem(Problem.Kind.UNEXPECTED_END, null);
                    int unit = 0;
                    for (int i = 0; i < 4; i++) {
                        int d = Character.digit(text.charAt(at + i), 16);
                        if (d < 0 || text.charAt(at + i) > 0x7F) throw problem(Problem.Kind.INVALID_ESCAPE, null);
                        unit = unit * 16 + d;
                    }
                    at += 4;
                    out.append((char) unit);
                    break;
                }
                default:
                    at--;
                    throw problem(Problem.Kind.INVALID_ESCAPE, null);
            }
        }
    }

    private String number() throws Problem {
        int start = at;
        if (text.charAt(at) == '-') at++;
        if (at >= text.length()) throw problem(Problem.Kind.UNEXPECTED_END, null);
        if (text.charAt(at) == '0') {
            at++;
        } else if (text.charAt(at) >= '1' && text.charAt(at) <= '9') {
            while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') at++;
        } else {
            throw problem(Problem.Kind.INVALID_NUMBER, null);
        }
        if (at < text.length() && text.charAt(at) == '.') {
            at++;
            int digits = at;
            while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') at++;
            if (at == digits) throw problem(Problem.Kind.INVALID_NUMBER, null);
        }
        if (at < text.length() && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
            at++;
            if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) at++;
            int digits = at;
            while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') at++;
            if (at == digits) throw problem(Problem.Kind.INVALID_NUMBER, null);
        }
        return text.substring(start, at);
    }
}
