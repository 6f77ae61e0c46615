// RulesLoader.java: reads a rules file (JSON, version 1) into Rules, refusing what it cannot honour with a
// RulesError that names the key path and the problem, exactly as the Swift engine's RulesLoader does, check
// for check and in the same order (so the first problem of a rule is the same one): the JSON itself (strict,
// dev.bridge.json), unknown keys (all at the top, the first in sorted order within a rule), wrong types,
// URLs that do not parse, wildcards in the wrong place, then rules that can never fire (RulesConsistency).
// Every problem is found, not the first only: each origin, rule and handler is read on its own.
package dev.bridge.policy;

import dev.bridge.json.JSONReader;
import dev.bridge.json.JSONValue;
import dev.bridge.url.BrowserURL;
import dev.bridge.url.Loopback;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

public final class RulesLoader {
    private RulesLoader() {}

    static final List<String> TOP_LEVEL_KEYS = Arrays.asList("version", "default", "allow", "sentinels", "schemes", "handlers",
            "expectedState", "description", "platform", "javascriptInterfaces");
    static final List<String> SENTINEL_KEYS = Arrays.asList("name", "redirectURI", "responseMode", "require", "forbid", "trailingSlash",
            "loopbackAnyPort", "frames", "action", "description");
    static final List<String> INTERFACE_KEYS = Arrays.asList("name", "methods", "protocol", "description");
    static final List<String> SCHEME_RULE_KEYS = Arrays.asList("name", "scheme", "protocol", "route", "require", "action", "description");

    /** The schemes a scheme rule may not take: the web's, which origins and sentinels decide. */
    public static final List<String> WEB_SCHEMES = Arrays.asList("http", "https", "ws", "wss", "ftp");

    /** Reads rules from JSON text (a rules file the app bundles as a string). */
    public static Rules parse(String text) throws RulesError { return parse(text.getBytes(StandardCharsets.UTF_8)); }

    /** Reads rules from the bytes of a rules file (UTF-8). */
    public static Rules parse(byte[] bytes) throws RulesError {
        JSONValue document;
        try {
            document = JSONReader.parse(bytes);
        } catch (JSONReader.Problem problem) {
            switch (problem.kind) {
                case INVALID_UTF8: throw new RulesError("", RulesProblem.NOT_UTF8);
                case DUPLICATE_KEY: throw new RulesError(problem.key == null ? "" : problem.key, RulesProblem.REPEATED_KEY);
                default: throw new RulesError("", RulesProblem.NOT_JSON);
            }
        }
        if (document.kind != JSONValue.Kind.OBJECT) throw new RulesError("", RulesProblem.NOT_AN_OBJECT);
        List<RulesError> problems = new ArrayList<>();
        // Unknown keys are all reported (in sorted order); the known ones are still read.
        for (String key : new TreeMap<>(document.members()).keySet()) {
            if (!TOP_LEVEL_KEYS.contains(key)) problems.add(new RulesError(key, RulesProblem.UNKNOWN_KEY));
        }
        ObjectReader reader = new ObjectReader(document, "");
        Long version = reader.wholeNumber("version");
        if (version == null) throw new RulesError("version", RulesProblem.MISSING_KEY);
        if (version != 1) throw new RulesError("version", RulesProblem.UNSUPPORTED_VERSION);

        PolicyAction defaultAction = PolicyAction.CANCEL;
        try {
            PolicyAction action = action(reader, "default");
            if (action != null) defaultAction = action;
        } catch (RulesError e) { problems.add(e); }
        String expectedState = null;
        try { expectedState = reader.string("expectedState"); } catch (RulesError e) { problems.add(e); }
        Platform platform = null;
        try {
            String name = reader.string("platform");
            if (name != null) {
                platform = Platform.named(name);
                if (platform == null) throw new RulesError("platform", RulesProblem.UNKNOWN_PLATFORM);
            }
            reader.string("description");
        } catch (RulesError e) { problems.add(e); }

        List<OriginPattern> allow = new ArrayList<>();
        for (Element element : elementsOrNone(reader, "allow", problems)) {
            try { allow.add(originPattern(string(element.value, element.keyPath, false), element.keyPath)); } catch (RulesError e) { problems.add(e); }
        }
        List<SentinelRule> sentinels = new ArrayList<>();
        for (Element element : elementsOrNone(reader, "sentinels", problems)) {
            try { sentinels.add(sentinel(new ObjectReader(element.value, element.keyPath, SENTINEL_KEYS))); } catch (RulesError e) { problems.add(e); }
        }
        List<SchemeRule> schemes = new ArrayList<>();
        for (Element element : elementsOrNone(reader, "schemes", problems)) {
            try { schemes.add(schemeRule(new ObjectReader(element.value, element.keyPath, SCHEME_RULE_KEYS))); } catch (RulesError e) { problems.add(e); }
        }
        List<Rules.JavascriptInterface> interfaces = new ArrayList<>();
        for (Element element : elementsOrNone(reader, "javascriptInterfaces", problems)) {
            try {
                ObjectReader interfaceReader = new ObjectReader(element.value, element.keyPath, INTERFACE_KEYS);
                Rules.JavascriptInterface read = javascriptInterface(interfaceReader);
                for (Rules.JavascriptInterface added : interfaces) {
                    if (added.name.equals(read.name)) throw new RulesError(interfaceReader.path("name"), RulesProblem.INTERFACE_ADDED_TWICE);
                }
                interfaces.add(read);
            } catch (RulesError e) { problems.add(e); }
        }
        try { checkNames(sentinels, schemes); } catch (RulesError e) { problems.add(e); }
        List<Rules.EventHandlers> handlers = new ArrayList<>();
        JSONValue table = reader.value("handlers");
        if (table != null) {
            String path = reader.path("handlers");
            if (table.kind != JSONValue.Kind.OBJECT) {
                problems.add(new RulesError(path, RulesProblem.WRONG_TYPE));
            } else {
                for (Map.Entry<String, JSONValue> event : new TreeMap<>(table.members()).entrySet()) {
                    try {
                        if (event.getKey().isEmpty()) throw new RulesError(path, RulesProblem.EMPTY_EVENT_NAME);
                        String eventPath = member(event.getKey(), path);
                        List<String> names = new ArrayList<>();
                        for (Element element : elements(event.getValue(), eventPath)) names.add(string(element.value, element.keyPath, true));
                        if (names.isEmpty()) throw new RulesError(eventPath, RulesProblem.NO_HANDLERS);
                        handlers.add(new Rules.EventHandlers(event.getKey(), names, eventPath));
                    } catch (RulesError e) { problems.add(e); }
                }
            }
        }
        Rules rules = new Rules(defaultAction, allow, sentinels, schemes, handlers, expectedState, platform, interfaces);
        // The rules' consistency with each other is judged on rules that each read well.
        if (problems.isEmpty()) {
            try { RulesConsistency.check(rules); } catch (RulesError e) { problems.add(e); }
        }
        RulesError.throwAll(problems);
        return rules;
    }

    // MARK: one rule

    static PolicyAction action(ObjectReader reader, String key) throws RulesError {
        String text = reader.string(key);
        if (text == null) return null;
        PolicyAction action = PolicyAction.named(text);
        if (action == null) throw new RulesError(reader.path(key), RulesProblem.UNKNOWN_ACTION);
        return action;
    }

    static OriginPattern originPattern(String text, String path) throws RulesError {
        String parseable = text;
        boolean isWildcard = false;
        int wildcard = text.indexOf("://*.");
        if (wildcard >= 0) {
            isWildcard = true;
            parseable = text.substring(0, wildcard) + "://" + text.substring(wildcard + 5);
        }
        if (parseable.contains("*")) throw new RulesError(path, RulesProblem.MISPLACED_WILDCARD);
        BrowserURL url = BrowserURL.parse(parseable).url;
        if (url == null) throw new RulesError(path, RulesProblem.ORIGIN_NOT_URL);
        String scheme = url.scheme();
        if (!scheme.equals("https") && !scheme.equals("http") && !scheme.equals("wss") && !scheme.equals("ws")) {
            throw new RulesError(path, RulesProblem.ORIGIN_NOT_WEB);
        }
        if (!url.pathname().equals("/") || url.query() != null || url.fragment() != null || !url.username().isEmpty() || !url.password().isEmpty()) {
            throw new RulesError(path, RulesProblem.NOT_AN_ORIGIN);
        }
        if (isWildcard && !url.hostname().contains(".")) throw new RulesError(path, RulesProblem.WILDCARD_WITHOUT_DOMAIN);
        String exactOrigin = null;
        if (!isWildcard) {
            BrowserURL asWritten = BrowserURL.parse(text).url;
            exactOrigin = asWritten == null ? null : asWritten.origin();
        }
        return new OriginPattern(scheme, url.hostname(), isWildcard, url.effectivePort(), text, exactOrigin, path);
    }

    /** Names identify rules in decisions: none empty, none used twice. */
    static void checkNames(List<SentinelRule> sentinels, List<SchemeRule> schemes) throws RulesError {
        Map<String, String> seen = new java.util.HashMap<>();
        List<String[]> named = new ArrayList<>();
        for (SentinelRule rule : sentinels) named.add(new String[] {rule.name, rule.keyPath});
        for (SchemeRule rule : schemes) named.add(new String[] {rule.name, rule.keyPath});
        for (String[] entry : named) {
            if (entry[0].isEmpty()) throw new RulesError(entry[1] + ".name", RulesProblem.EMPTY_NAME);
            if (seen.containsKey(entry[0])) throw new RulesError(entry[1] + ".name", RulesProblem.NAME_TAKEN);
            seen.put(entry[0], entry[1]);
        }
    }

    /** `frames`: "main", "sub" or "any", or a list of "main" and "sub". */
    static FrameScope frames(JSONValue value, String path) throws RulesError {
        if (value == null) return null;
        if (value.kind == JSONValue.Kind.STRING) {
            FrameScope scope = FrameScope.named(value.string());
            if (scope == null) throw new RulesError(path, RulesProblem.UNKNOWN_FRAMES);
            return scope;
        }
        if (value.kind != JSONValue.Kind.ARRAY || value.items().isEmpty()) throw new RulesError(path, RulesProblem.FRAMES_NOT_SCOPE_OR_LIST);
        boolean main = false, sub = false;
        List<JSONValue> items = value.items();
        for (int i = 0; i < items.size(); i++) {
            String word = items.get(i).string();
            if ("main".equals(word)) main = true;
            else if ("sub".equals(word)) sub = true;
            else if ("any".equals(word)) { main = true; sub = true; }
            else throw new RulesError(path + "[" + i + "]", RulesProblem.UNKNOWN_FRAME);
        }
        return main && sub ? FrameScope.ANY : main ? FrameScope.MAIN : FrameScope.SUB;
    }

    static SentinelRule sentinel(ObjectReader reader) throws RulesError {
        String path = reader.keyPath;
        reader.string("description");
        String uriText = reader.string("redirectURI");
        if (uriText == null) throw new RulesError(reader.path("redirectURI"), RulesProblem.MISSING_KEY);
        BrowserURL uri = BrowserURL.parse(uriText).url;
        String at = path + ".redirectURI";
        if (uri == null) throw new RulesError(at, RulesProblem.REDIRECT_URI_NOT_URL);
        if (!uri.username().isEmpty() || !uri.password().isEmpty()) throw new RulesError(at, RulesProblem.REDIRECT_URI_HAS_CREDENTIALS);
        if (uri.fragment() != null) throw new RulesError(at, RulesProblem.REDIRECT_URI_HAS_FRAGMENT);
        if (uri.query() != null) throw new RulesError(at, RulesProblem.REDIRECT_URI_HAS_QUERY);
        if (uri.hasOpaquePath()) throw new RulesError(at, RulesProblem.REDIRECT_URI_HAS_NO_PATH);
        String name = reader.string("name");
        ResponseMode mode = ResponseMode.ANY;
        String modeText = reader.string("responseMode");
        if (modeText != null) {
            mode = ResponseMode.named(modeText);
            if (mode == null) throw new RulesError(path + ".responseMode", RulesProblem.UNKNOWN_RESPONSE_MODE);
        }
        List<String> require = orEmpty(reader.strings("require"));
        List<String> forbid = orEmpty(reader.strings("forbid"));
        if (mode == ResponseMode.FORM_POST && !(require.isEmpty() && forbid.isEmpty())) {
            throw new RulesError(path + "." + (require.isEmpty() ? "forbid" : "require"), RulesProblem.FORM_POST_READS_URL);
        }
        Boolean trailingSlash = reader.bool("trailingSlash");
        Boolean loopbackAnyPort = reader.bool("loopbackAnyPort");
        FrameScope frames = frames(reader.value("frames"), reader.path("frames"));
        PolicyAction action = action(reader, "action");
        boolean anyPort = loopbackAnyPort != null && loopbackAnyPort;
        if (anyPort && !Loopback.contains(uri.hostname())) throw new RulesError(path + ".loopbackAnyPort", RulesProblem.ANY_PORT_NOT_LOOPBACK);
        for (String required : require) {
            if (forbid.contains(required)) throw new RulesError(path + ".forbid", RulesProblem.REQUIRED_AND_FORBIDDEN);
        }
        return new SentinelRule(name != null ? name : path, uri, mode, require, forbid, trailingSlash != null && trailingSlash, anyPort,
                frames != null ? frames : FrameScope.ANY, action != null ? action : PolicyAction.CANCEL, path);
    }

    static Rules.JavascriptInterface javascriptInterface(ObjectReader reader) throws RulesError {
        String path = reader.keyPath;
        reader.string("description");
        String name = reader.string("name");
        if (name == null) throw new RulesError(reader.path("name"), RulesProblem.MISSING_KEY);
        if (!isIdentifier(name)) throw new RulesError(path + ".name", RulesProblem.INTERFACE_NAME_NOT_IDENTIFIER);
        List<String> methods = orEmpty(reader.strings("methods"));
        if (methods.isEmpty()) throw new RulesError(path + ".methods", RulesProblem.NO_METHODS);
        for (int i = 0; i < methods.size(); i++) {
            if (!isIdentifier(methods.get(i))) throw new RulesError(path + ".methods[" + i + "]", RulesProblem.METHOD_NOT_IDENTIFIER);
        }
        BridgeProtocol protocol = null;
        String protocolName = reader.string("protocol");
        if (protocolName != null) {
            protocol = BridgeProtocol.named(protocolName);
            if (protocol == null) throw new RulesError(path + ".protocol", RulesProblem.UNKNOWN_PROTOCOL);
        }
        return new Rules.JavascriptInterface(name, methods, protocol, path);
    }

    /** An ASCII JavaScript identifier: a letter, "_" or "$", then letters, digits, "_" or "$". */
    public static boolean isIdentifier(String text) {
        if (text.isEmpty()) return false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean start = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$';
            if (!start && !(i > 0 && c >= '0' && c <= '9')) return false;
        }
        return true;
    }

    static SchemeRule schemeRule(ObjectReader reader) throws RulesError {
        String path = reader.keyPath;
        reader.string("description");
        String written = reader.string("scheme");
        if (written == null) throw new RulesError(reader.path("scheme"), RulesProblem.MISSING_KEY);
        String scheme = lowercased(written);
        if (scheme.endsWith(":")) scheme = scheme.substring(0, scheme.length() - 1);
        if (!isSchemeName(scheme)) throw new RulesError(path + ".scheme", RulesProblem.NOT_A_SCHEME);
        if (WEB_SCHEMES.contains(scheme)) throw new RulesError(path + ".scheme", RulesProblem.WEB_SCHEME);
        String name = reader.string("name");
        BridgeProtocol protocol = null;
        String protocolName = reader.string("protocol");
        if (protocolName != null) {
            protocol = BridgeProtocol.named(protocolName);
            if (protocol == null) throw new RulesError(path + ".protocol", RulesProblem.UNKNOWN_PROTOCOL);
        }
        String route = reader.string("route");
        if (route != null && protocol != null) throw new RulesError(path + ".route", RulesProblem.PROTOCOL_AND_ROUTE);
        if (route != null && (route.isEmpty() || route.startsWith("/"))) throw new RulesError(path + ".route", RulesProblem.ROUTE_NOT_HOST_OR_SEGMENT);
        List<String> require = orEmpty(reader.strings("require"));
        if (!require.isEmpty() && protocol != null) throw new RulesError(path + ".require", RulesProblem.REQUIRE_ON_BRIDGE);
        PolicyAction action = action(reader, "action");
        return new SchemeRule(name != null ? name : path, scheme, protocol, route, require, action != null ? action : PolicyAction.CANCEL, path);
    }

    /** A letter, then letters, digits, "+", "-" or "." (lower case: the name is lower-cased first). */
    static boolean isSchemeName(String scheme) {
        if (scheme.isEmpty() || !(scheme.charAt(0) >= 'a' && scheme.charAt(0) <= 'z')) return false;
        for (int i = 0; i < scheme.length(); i++) {
            char c = scheme.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) return false;
        }
        return true;
    }

    /** Lower-cased as Swift's String.lowercased() lower-cases (Unicode's full mapping, no locale). */
    static String lowercased(String text) { return text.toLowerCase(java.util.Locale.ROOT); }

    private static List<String> orEmpty(List<String> list) { return list != null ? list : new ArrayList<String>(); }

    // MARK: typed reads, each problem naming its key path

    static String member(String key, String path) { return path.isEmpty() ? key : path + "." + key; }

    /** One element of an array and its key path ("allow[0]"). */
    static final class Element {
        final String keyPath;
        final JSONValue value;

        Element(String keyPath, JSONValue value) {
            this.keyPath = keyPath;
            this.value = value;
        }
    }

    static List<Element> elements(JSONValue value, String path) throws RulesError {
        if (value.kind != JSONValue.Kind.ARRAY) throw new RulesError(path, RulesProblem.WRONG_TYPE);
        List<Element> elements = new ArrayList<>();
        List<JSONValue> items = value.items();
        for (int i = 0; i < items.size(); i++) elements.add(new Element(path + "[" + i + "]", items.get(i)));
        return elements;
    }

    private static List<Element> elementsOrNone(ObjectReader reader, String key, List<RulesError> problems) {
        JSONValue value = reader.value(key);
        if (value == null) return new ArrayList<>();
        try { return elements(value, reader.path(key)); } catch (RulesError e) { problems.add(e); return new ArrayList<>(); }
    }

    static String string(JSONValue value, String path, boolean nonEmpty) throws RulesError {
        if (value.kind != JSONValue.Kind.STRING || nonEmpty && value.string().isEmpty()) throw new RulesError(path, RulesProblem.WRONG_TYPE);
        return value.string();
    }

    /** One object of the document, refused when it is not an object or has a key it does not take. */
    static final class ObjectReader {
        final String keyPath;
        final Map<String, JSONValue> members;

        /** The top level, whose unknown keys the loader reports itself. */
        ObjectReader(JSONValue document, String keyPath) {
            this.keyPath = keyPath;
            this.members = document.members();
        }

        ObjectReader(JSONValue value, String keyPath, List<String> keys) throws RulesError {
            if (value.kind != JSONValue.Kind.OBJECT) throw new RulesError(keyPath, RulesProblem.WRONG_TYPE);
            this.keyPath = keyPath;
            this.members = value.members();
            for (String key : new TreeMap<>(members).keySet()) {
                if (!keys.contains(key)) throw new RulesError(member(key, keyPath), RulesProblem.UNKNOWN_KEY);
            }
        }

        String path(String key) { return member(key, keyPath); }

        JSONValue value(String key) { return members.get(key); }

        String string(String key) throws RulesError {
            JSONValue value = members.get(key);
            return value == null ? null : RulesLoader.string(value, path(key), false);
        }

        Boolean bool(String key) throws RulesError {
            JSONValue value = members.get(key);
            if (value == null) return null;
            if (value.kind != JSONValue.Kind.BOOL) throw new RulesError(path(key), RulesProblem.WRONG_TYPE);
            return value.bool();
        }

        /** A number with no fraction that fits a 64-bit integer (Swift's Int(exactly:) of the double). */
        Long wholeNumber(String key) throws RulesError {
            JSONValue value = members.get(key);
            if (value == null) return null;
            if (value.kind == JSONValue.Kind.NUMBER) {
                double number = Double.parseDouble(value.numberText());
                if (number == Math.rint(number) && !Double.isInfinite(number) && Math.abs(number) < 9.223372036854775807E18) {
                    return new BigDecimal(number).longValueExact();
                }
            }
            throw new RulesError(path(key), RulesProblem.WRONG_TYPE);
        }

        /** A list of non-empty strings. */
        List<String> strings(String key) throws RulesError {
            JSONValue value = members.get(key);
            if (value == null) return null;
            List<String> strings = new ArrayList<>();
            for (Element element : elements(value, path(key))) strings.add(RulesLoader.string(element.value, element.keyPath, true));
            return strings;
        }
    }
}
