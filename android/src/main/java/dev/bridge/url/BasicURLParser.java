// BasicURLParser.java: the URL Standard's basic URL parser (§4.4), without state overrides (the engine
// parses; it does not implement the setters), one state per spec state, named as there, over the input's
// code points, into a URLRecord. The Swift engine's parser writes bytes in place for speed; this one keeps
// the spec's shape, and the two are held to each other by WPT's suites and the vectors CI diffs.
package dev.bridge.url;

import java.util.ArrayList;
import java.util.List;

final class BasicURLParser {
    private enum State {
        SCHEME_START, SCHEME, NO_SCHEME, SPECIAL_RELATIVE_OR_AUTHORITY, PATH_OR_AUTHORITY, RELATIVE, RELATIVE_SLASH,
        SPECIAL_AUTHORITY_SLASHES, SPECIAL_AUTHORITY_IGNORE_SLASHES, AUTHORITY, HOST, PORT, FILE, FILE_SLASH, FILE_HOST,
        PATH_START, PATH, OPAQUE_PATH, QUERY, FRAGMENT
    }

    private static final int EOF = -1;

    private BasicURLParser() {}

    static boolean isSpecialScheme(String scheme) { return defaultPort(scheme) != -2; }

    /** A special scheme's default port, -1 for file (none), -2 for a scheme that is not special. */
    static int defaultPort(String scheme) {
        switch (scheme) {
            case "ftp": return 21;
            case "http": case "ws": return 80;
            case "https": case "wss": return 443;
            case "file": return -1;
            default: return -2;
        }
    }

    private static boolean isASCIIAlpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

    private static boolean isASCIIDigit(int c) { return c >= '0' && c <= '9'; }

    private static boolean isWindowsDriveLetter(int[] s, int at, int end, boolean normalized) {
        return end - at >= 2 && isASCIIAlpha(s[at]) && (s[at + 1] == ':' || (!normalized && s[at + 1] == '|'));
    }

    private static boolean startsWithWindowsDriveLetter(int[] s, int at, int end) {
        if (end - at < 2 || !isWindowsDriveLetter(s, at, at + 2, false)) return false;
        if (end - at == 2) return true;
        int c = s[at + 2];
        return c == '/' || c == '\\' || c == '?' || c == '#';
    }

    private static boolean isNormalizedWindowsDriveLetter(String segment) {
        return segment.length() == 2 && isASCIIAlpha(segment.charAt(0)) && segment.charAt(1) == ':';
    }

    private static boolean isSingleDot(String s) { return s.equals(".") || s.equalsIgnoreCase("%2e"); }

    private static boolean isDoubleDot(String s) {
        switch (s.toLowerCase(java.util.Locale.ROOT)) {
            case "..": case ".%2e": case "%2e.": case "%2e%2e": return true;
            default: return false;
        }
    }

    private static void shortenPath(URLRecord url) {
        List<String> path = url.path;
        if (url.scheme.equals("file") && path.size() == 1 && isNormalizedWindowsDriveLetter(path.get(0))) return;
        if (!path.isEmpty()) path.remove(path.size() - 1);
    }

    static URLRecord parse(String text, URLRecord base) throws URLParseError.Failure {
        // Remove leading and trailing C0 control or space, then every ASCII tab or newline.
        int start = 0, end = text.length();
        while (start < end && text.charAt(start) <= 0x20) start++;
        while (end > start && text.charAt(end - 1) <= 0x20) end--;
        // Code points by hand, not a stream: this runs on every navigation.
        int[] all = new int[end - start];
        int count = 0;
        for (int i = start; i < end; ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (cp != '\t' && cp != '\n' && cp != '\r') all[count++] = cp;
        }
        return new Run(java.util.Arrays.copyOf(all, count), base).run();
    }

    private static final class Run {
        final int[] input;
        final URLRecord base;
        final URLRecord url = new URLRecord();
        State state = State.SCHEME_START;
        final StringBuilder buffer;
        boolean atSignSeen, insideBrackets, passwordTokenSeen;
        /** Whether url's scheme is special: set with the scheme, read on every code point of the later states. */
        boolean isSpecial;
        int pointer;

        Run(int[] input, URLRecord base) {
            this.input = input;
            this.base = base;
            buffer = new StringBuilder(input.length + 16);
        }

        int c() { return pointer < input.length ? input[pointer] : EOF; }

        int remaining(int offset) { return pointer + offset < input.length ? input[pointer + offset] : EOF; }

        boolean special() { return isSpecial; }

        /** The base's username, password, host and port, as the relative states take them. */
        void takeBaseAuthority() {
            url.username = base.username;
            url.password = base.password;
            url.host = base.host;
            url.port = base.port;
        }

        void setScheme(String scheme) {
            url.scheme = scheme;
            isSpecial = isSpecialScheme(scheme);
        }

        URLRecord run() throws URLParseError.Failure {
            for (; ; pointer++) {
                int c = c();
                switch (state) {
                    case SCHEME_START:
                        if (c != EOF && isASCIIAlpha(c)) {
                            buffer.append((char) Character.toLowerCase(c));
                            state = State.SCHEME;
                        } else {
                            state = State.NO_SCHEME;
                            pointer--;
                        }
                        break;
                    case SCHEME:
                        if (c != EOF && (isASCIIAlpha(c) || isASCIIDigit(c) || c == '+' || c == '-' || c == '.')) {
                            buffer.append((char) Character.toLowerCase(c));
                        } else if (c == ':') {
                            setScheme(buffer.toString());
                            buffer.setLength(0);
                            if (url.scheme.equals("file")) {
                                state = State.FILE;
                            } else if (special() && base != null && base.scheme.equals(url.scheme)) {
                                state = State.SPECIAL_RELATIVE_OR_AUTHORITY;
                            } else if (special()) {
                                state = State.SPECIAL_AUTHORITY_SLASHES;
                            } else if (remaining(1) == '/') {
                                state = State.PATH_OR_AUTHORITY;
                                pointer++;
                            } else {
                                url.opaquePath = "";
                                state = State.OPAQUE_PATH;
                            }
                        } else {
                            buffer.setLength(0);
                            state = State.NO_SCHEME;
                            pointer = -1;
                        }
                        break;
                    case NO_SCHEME:
                        if (base == null || (base.opaquePath != null && c != '#')) {
                            throw new URLParseError.Failure(URLParseError.Code.MISSING_SCHEME_NON_RELATIVE_URL);
                        } else if (base.opaquePath != null && c == '#') {
                            setScheme(base.scheme);
                            url.path = new ArrayList<>(base.path);
                            url.opaquePath = base.opaquePath;
                            url.query = base.query;
                            url.fragment = "";
                            state = State.FRAGMENT;
                        } else if (!base.scheme.equals("file")) {
                            state = State.RELATIVE;
                            pointer--;
                        } else {
                            state = State.FILE;
                            pointer--;
                        }
                        break;
                    case SPECIAL_RELATIVE_OR_AUTHORITY:
                        if (c == '/' && remaining(1) == '/') {
                            state = State.SPECIAL_AUTHORITY_IGNORE_SLASHES;
                            pointer++;
                        } else {
                            state = State.RELATIVE;
                            pointer--;
                        }
                        break;
                    case PATH_OR_AUTHORITY:
                        if (c == '/') {
                            state = State.AUTHORITY;
                        } else {
                            state = State.PATH;
                            pointer--;
                        }
                        break;
                    case RELATIVE:
                        setScheme(base.scheme);
                        if (c == '/') {
                            state = State.RELATIVE_SLASH;
                        } else if (special() && c == '\\') {
                            state = State.RELATIVE_SLASH;
                        } else {
                            takeBaseAuthority();
                            url.path = new ArrayList<>(base.path);
                            url.query = base.query;
                            if (c == '?') {
                                url.query = "";
                                state = State.QUERY;
                            } else if (c == '#') {
                                url.fragment = "";
                                state = State.FRAGMENT;
                            } else if (c != EOF) {
                                url.query = null;
                                shortenPath(url);
                                state = State.PATH;
                                pointer--;
                            }
                        }
                        break;
                    case RELATIVE_SLASH:
                        if (special() && (c == '/' || c == '\\')) {
                            state = State.SPECIAL_AUTHORITY_IGNORE_SLASHES;
                        } else if (c == '/') {
                            state = State.AUTHORITY;
                        } else {
                            takeBaseAuthority();
                            state = State.PATH;
                            pointer--;
                        }
                        break;
                    case SPECIAL_AUTHORITY_SLASHES:
                        if (c == '/' && remaining(1) == '/') {
                            state = State.SPECIAL_AUTHORITY_IGNORE_SLASHES;
                            pointer++;
                        } else {
                            state = State.SPECIAL_AUTHORITY_IGNORE_SLASHES;
                            pointer--;
                        }
                        break;
                    case SPECIAL_AUTHORITY_IGNORE_SLASHES:
                        if (c != '/' && c != '\\') {
                            state = State.AUTHORITY;
                            pointer--;
                        }
                        break;
                    case AUTHORITY:
                        if (c == '@') {
                            if (atSignSeen) buffer.insert(0, "%40");
                            atSignSeen = true;
                            String b = buffer.toString();
                            StringBuilder user = new StringBuilder(url.username), pass = new StringBuilder(url.password);
                            for (int i = 0; i < b.length(); ) {
                                int cp = b.codePointAt(i);
                                i += Character.charCount(cp);
                                if (cp == ':' && !passwordTokenSeen) {
                                    passwordTokenSeen = true;
                                    continue;
                                }
                                PercentEncoding.appendEncoded(passwordTokenSeen ? pass : user, cp, PercentEncoding.EncodeSet.USERINFO);
                            }
                            url.username = user.toString();
                            url.password = pass.toString();
                            buffer.setLength(0);
                        } else if (c == EOF || c == '/' || c == '?' || c == '#' || (special() && c == '\\')) {
                            if (atSignSeen && buffer.length() == 0) throw new URLParseError.Failure(URLParseError.Code.HOST_MISSING);
                            pointer -= buffer.codePointCount(0, buffer.length()) + 1;
                            buffer.setLength(0);
                            state = State.HOST;
                        } else {
                            buffer.appendCodePoint(c);
                        }
                        break;
                    case HOST:
                        if (c == ':' && !insideBrackets) {
                            if (buffer.length() == 0) throw new URLParseError.Failure(URLParseError.Code.HOST_MISSING);
                            url.host = HostParser.parse(buffer.toString(), !special());
                            buffer.setLength(0);
                            state = State.PORT;
                        } else if (c == EOF || c == '/' || c == '?' || c == '#' || (special() && c == '\\')) {
                            pointer--;
                            if (special() && buffer.length() == 0) throw new URLParseError.Failure(URLParseError.Code.HOST_MISSING);
                            url.host = HostParser.parse(buffer.toString(), !special());
                            buffer.setLength(0);
                            state = State.PATH_START;
                        } else {
                            if (c == '[') insideBrackets = true;
                            if (c == ']') insideBrackets = false;
                            buffer.appendCodePoint(c);
                        }
                        break;
                    case PORT:
                        if (c != EOF && isASCIIDigit(c)) {
                            buffer.append((char) c);
                        } else if (c == EOF || c == '/' || c == '?' || c == '#' || (special() && c == '\\')) {
                            if (buffer.length() != 0) {
                                int port = 0;
                                for (int i = 0; i < buffer.length(); i++) {
                                    port = port * 10 + (buffer.charAt(i) - '0');
                                    if (port > 65535) throw new URLParseError.Failure(URLParseError.Code.PORT_OUT_OF_RANGE);
                                }
                                url.port = port == defaultPort(url.scheme) ? -1 : port;
                                buffer.setLength(0);
                            }
                            state = State.PATH_START;
                            pointer--;
                        } else {
                            throw new URLParseError.Failure(URLParseError.Code.PORT_INVALID);
                        }
                        break;
                    case FILE:
                        setScheme("file");
                        url.host = "";
                        if (c == '/' || c == '\\') {
                            state = State.FILE_SLASH;
                        } else if (base != null && base.scheme.equals("file")) {
                            url.host = base.host;
                            url.path = new ArrayList<>(base.path);
                            url.query = base.query;
                            if (c == '?') {
                                url.query = "";
                                state = State.QUERY;
                            } else if (c == '#') {
                                url.fragment = "";
                                state = State.FRAGMENT;
                            } else if (c != EOF) {
                                url.query = null;
                                if (!startsWithWindowsDriveLetter(input, pointer, input.length)) shortenPath(url);
                                else url.path = new ArrayList<>();
                                state = State.PATH;
                                pointer--;
                            }
                        } else {
                            state = State.PATH;
                            pointer--;
                        }
                        break;
                    case FILE_SLASH:
                        if (c == '/' || c == '\\') {
                            state = State.FILE_HOST;
                        } else {
                            if (base != null && base.scheme.equals("file")) {
                                url.host = base.host;
                                if (!startsWithWindowsDriveLetter(input, pointer, input.length) && !base.path.isEmpty()
                                        && isNormalizedWindowsDriveLetter(base.path.get(0))) {
                                    url.path.add(base.path.get(0));
                                }
                            }
                            state = State.PATH;
                            pointer--;
                        }
                        break;
                    case FILE_HOST:
                        if (c == EOF || c == '/' || c == '\\' || c == '?' || c == '#') {
                            pointer--;
                            int[] b = buffer.codePoints().toArray();
                            if (b.length == 2 && isWindowsDriveLetter(b, 0, 2, false)) {
                                state = State.PATH;
                            } else if (buffer.length() == 0) {
                                url.host = "";
                                state = State.PATH_START;
                            } else {
                                String host = HostParser.parse(buffer.toString(), !special());
                                url.host = host.equals("localhost") ? "" : host;
                                buffer.setLength(0);
                                state = State.PATH_START;
                            }
                        } else {
                            buffer.appendCodePoint(c);
                        }
                        break;
                    case PATH_START:
                        if (special()) {
                            state = State.PATH;
                            if (c != '/' && c != '\\') pointer--;
                        } else if (c == '?') {
                            url.query = "";
                            state = State.QUERY;
                        } else if (c == '#') {
                            url.fragment = "";
                            state = State.FRAGMENT;
                        } else if (c != EOF) {
                            state = State.PATH;
                            if (c != '/') pointer--;
                        }
                        break;
                    case PATH:
                        if (c == EOF || c == '/' || (special() && c == '\\') || c == '?' || c == '#') {
                            String segment = buffer.toString();
                            boolean slash = c == '/' || (special() && c == '\\');
                            if (isDoubleDot(segment)) {
                                shortenPath(url);
                                if (!slash) url.path.add("");
                            } else if (isSingleDot(segment) && !slash) {
                                url.path.add("");
                            } else if (!isSingleDot(segment)) {
                                if (url.scheme.equals("file") && url.path.isEmpty() && segment.length() == 2
                                        && isASCIIAlpha(segment.charAt(0)) && (segment.charAt(1) == ':' || segment.charAt(1) == '|')) {
                                    segment = segment.charAt(0) + ":";
                                }
                                url.path.add(segment);
                            }
                            buffer.setLength(0);
                            if (c == '?') {
                                url.query = "";
                                state = State.QUERY;
                            } else if (c == '#') {
                                url.fragment = "";
                                state = State.FRAGMENT;
                            }
                        } else {
                            // A run of code points up to the next delimiter, encoded at once.
                            PercentEncoding.appendEncoded(buffer, c, PercentEncoding.EncodeSet.PATH);
                            while (pointer + 1 < input.length) {
                                int next = input[pointer + 1];
                                if (next == '/' || next == '?' || next == '#' || (next == '\\' && special())) break;
                                PercentEncoding.appendEncoded(buffer, next, PercentEncoding.EncodeSet.PATH);
                                pointer++;
                            }
                        }
                        break;
                    case OPAQUE_PATH:
                        if (c == '?') {
                            url.opaquePath = buffer.toString();
                            buffer.setLength(0);
                            url.query = "";
                            state = State.QUERY;
                        } else if (c == '#') {
                            url.opaquePath = buffer.toString();
                            buffer.setLength(0);
                            url.fragment = "";
                            state = State.FRAGMENT;
                        } else if (c == ' ') {
                            int next = remaining(1);
                            buffer.append(next == '?' || next == '#' ? "%20" : " ");
                        } else if (c != EOF) {
                            PercentEncoding.appendEncoded(buffer, c, PercentEncoding.EncodeSet.C0_CONTROL);
                        } else {
                            url.opaquePath = buffer.toString();
                            buffer.setLength(0);
                        }
                        break;
                    case QUERY: {
                        // The query up to "#" or the end at once, each code point encoded as the state would.
                        PercentEncoding.EncodeSet set = special() ? PercentEncoding.EncodeSet.SPECIAL_QUERY : PercentEncoding.EncodeSet.QUERY;
                        // Room for every code point encoded (up to 12 bytes each as %XX), so the builder never grows.
                        StringBuilder q = new StringBuilder(url.query.length() + 12 * (input.length - pointer) + 16).append(url.query);
                        while (pointer < input.length && input[pointer] != '#') PercentEncoding.appendEncoded(q, input[pointer++], set);
                        url.query = q.toString();
                        // At "#", the fragment follows it; at the end, the pointer stays there and the run ends.
                        if (pointer < input.length) {
                            url.fragment = "";
                            state = State.FRAGMENT;
                        }
                        break;
                    }
                    case FRAGMENT:
                        // The rest of the input, into the buffer, which becomes the fragment (no state follows this one).
                        buffer.ensureCapacity(buffer.length() + 12 * (input.length - pointer));
                        while (pointer < input.length) PercentEncoding.appendEncoded(buffer, input[pointer++], PercentEncoding.EncodeSet.FRAGMENT);
                        break;
                    default:
                        throw new IllegalStateException(state.toString());
                }
                if (pointer >= input.length) break;
            }
            // Every way into the fragment state set the fragment to "" first.
            if (state == State.FRAGMENT) url.fragment = buffer.toString();
            return url;
        }
    }
}
