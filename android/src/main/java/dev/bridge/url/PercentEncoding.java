// PercentEncoding.java: the URL Standard's percent-encode sets (§1.3) and UTF-8 percent-encoding and
// percent-decoding, the one definition the Java engine's parser and form parameters use.
package dev.bridge.url;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

public final class PercentEncoding {
    public enum EncodeSet { C0_CONTROL, FRAGMENT, QUERY, SPECIAL_QUERY, PATH, USERINFO, COMPONENT, FORM }

    private PercentEncoding() {}

    /** Each set's ASCII members, by the set's ordinal and the byte: read on every code point a URL's parts copy. */
    private static final boolean[][] MEMBERS = new boolean[EncodeSet.values().length][0x80];

    static {
        for (EncodeSet set : EncodeSet.values()) for (int b = 0; b < 0x80; b++) MEMBERS[set.ordinal()][b] = definedInSet(b, set);
    }

    /** The sets as the URL Standard defines them (§1.3), each in terms of the one before. */
    private static boolean definedInSet(int b, EncodeSet set) {
        if (b < 0x20 || b >= 0x7F) return true;
        switch (set) {
            case C0_CONTROL: return false;
            case FRAGMENT: return b == ' ' || b == '"' || b == '<' || b == '>' || b == '`';
            case QUERY: return b == ' ' || b == '"' || b == '#' || b == '<' || b == '>';
            case SPECIAL_QUERY: return b == ' ' || b == '"' || b == '#' || b == '<' || b == '>' || b == '\'';
            case PATH: return b == ' ' || b == '"' || b == '#' || b == '<' || b == '>' || b == '?' || b == '`' || b == '{' || b == '}' || b == '^';
            case USERINFO: return definedInSet(b, EncodeSet.PATH) || b == '/' || b == ':' || b == ';' || b == '=' || b == '@' || (b >= '[' && b <= ']') || b == '|';
            case COMPONENT: return definedInSet(b, EncodeSet.USERINFO) || (b >= '$' && b <= '&') || b == '+' || b == ',';
            case FORM: return definedInSet(b, EncodeSet.COMPONENT) || b == '!' || (b >= '\'' && b <= ')') || b == '~';
            default: return true;
        }
    }

    /** Whether ASCII `b` is in `set` (the tables above). */
    static boolean contains(EncodeSet set, int b) { return b >= 0x80 || MEMBERS[set.ordinal()][b]; }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    /** Appends the UTF-8 of code point `cp`, each byte in `set` percent-encoded. */
    static void appendEncoded(StringBuilder out, int cp, EncodeSet set) {
        if (cp < 0x80) {
            if (MEMBERS[set.ordinal()][cp]) appendByte(out, cp); else out.append((char) cp);
            return;
        }
        // UTF-8 by hand: no String or array per code point (a lone surrogate is U+FFFD, as UTF-8 encoding makes it).
        if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;
        if (cp < 0x800) {
            appendByte(out, 0xC0 | cp >> 6);
        } else if (cp < 0x10000) {
            appendByte(out, 0xE0 | cp >> 12);
            appendByte(out, 0x80 | (cp >> 6 & 0x3F));
        } else {
            appendByte(out, 0xF0 | cp >> 18);
            appendByte(out, 0x80 | (cp >> 12 & 0x3F));
            appendByte(out, 0x80 | (cp >> 6 & 0x3F));
        }
        appendByte(out, 0x80 | (cp & 0x3F));
    }

    static void appendByte(StringBuilder out, int b) {
        out.append('%').append(HEX[b >> 4]).append(HEX[b & 15]);
    }

    /** `text` UTF-8 percent-encoded with `set`. */
    public static String encode(String text, EncodeSet set) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        text.codePoints().forEach(cp -> appendEncoded(out, cp, set));
        return out.toString();
    }

    /** `text` as a URL component (encodeURIComponent's set). */
    public static String encodeComponent(String text) { return encode(text, EncodeSet.COMPONENT); }

    static int hexValue(int c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }

    /** Percent-decodes the UTF-8 bytes of `text` (a "%" not before two hex digits stays as it is). */
    public static byte[] decodeBytes(byte[] input) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(input.length);
        for (int i = 0; i < input.length; i++) {
            int b = input[i] & 0xFF;
            if (b == '%' && i + 2 < input.length && hexValue(input[i + 1]) >= 0 && hexValue(input[i + 2]) >= 0) {
                out.write(hexValue(input[i + 1]) << 4 | hexValue(input[i + 2]));
                i += 2;
            } else {
                out.write(b);
            }
        }
        return out.toByteArray();
    }

    /** Percent-decoding of `text` read as UTF-8 (invalid sequences replaced with U+FFFD). */
    public static String decode(String text) {
        return new String(decodeBytes(text.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
    }
}
