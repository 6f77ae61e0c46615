// FormParameters.java: a query, a fragment or an opaque path read as application/x-www-form-urlencoded (the URL
// Standard §5.1, URLSearchParams's reading): "+" is a space, values UTF-8 percent-decoded (invalid bytes are
// U+FFFD), order and duplicates kept, names compared by code unit. A sentinel's code, tokens and state, and a
// deep link's parameters, are read through it, as through the Swift engine's FormParameters.
package dev.bridge.url;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

public final class FormParameters {
    /** One name=value pair, decoded. */
    public static final class Pair {
        public final String name, value;

        Pair(String name, String value) {
            this.name = name;
            this.value = value;
        }

        /** The pair with its value masked (LoggedURL's mask): what an app's log shows. */
        @Override public String toString() { return name + "=" + LoggedURL.maskDecoded(value); }
    }

    private final List<Pair> pairs;

    private FormParameters(List<Pair> pairs) { this.pairs = Collections.unmodifiableList(pairs); }

    /** The pairs of `input` (an absent text has none). */
    public static FormParameters parse(String input) {
        List<Pair> pairs = new ArrayList<>();
        if (input == null) return new FormParameters(pairs);
        int start = 0;
        while (start <= input.length()) {
            int end = input.indexOf('&', start);
            if (end < 0) end = input.length();
            if (end > start) {
                String part = input.substring(start, end);
                int equals = part.indexOf('=');
                String name = equals < 0 ? part : part.substring(0, equals), value = equals < 0 ? "" : part.substring(equals + 1);
                pairs.add(new Pair(decodeComponent(name), decodeComponent(value)));
            }
            start = end + 1;
        }
        return new FormParameters(pairs);
    }

    /** A name or value as form-urlencoding decodes it: "+" a space, then UTF-8 percent-decoding. */
    public static String decodeComponent(String component) {
        byte[] bytes = component.replace('+', ' ').getBytes(StandardCharsets.UTF_8);
        return new String(PercentEncoding.decodeBytes(bytes), StandardCharsets.UTF_8);
    }

    public List<Pair> pairs() { return pairs; }

    /** No pairs. */
    public static FormParameters none() { return new FormParameters(new ArrayList<Pair>()); }

    /** The pairs of `first`, then those of `second` (a response read in the query and the fragment). */
    public static FormParameters joined(FormParameters first, FormParameters second) {
        List<Pair> pairs = new ArrayList<>(first.pairs);
        pairs.addAll(second.pairs);
        return new FormParameters(pairs);
    }

    public boolean isEmpty() { return pairs.isEmpty(); }

    public int size() { return pairs.size(); }

    /** The first value named `name`, or null. */
    public String first(String name) {
        for (Pair pair : pairs) if (pair.name.equals(name)) return pair.value;
        return null;
    }

    /** Every value named `name`, in order. */
    public List<String> all(String name) {
        List<String> values = new ArrayList<>();
        for (Pair pair : pairs) if (pair.name.equals(name)) values.add(pair.value);
        return values;
    }

    public boolean contains(String name) { return first(name) != null; }

    public int countOf(String name) { return all(name).size(); }

    /** The pairs serialized as application/x-www-form-urlencoded (a space as "+"). */
    public String serialized() {
        StringBuilder out = new StringBuilder();
        for (Pair pair : pairs) {
            if (out.length() > 0) out.append('&');
            out.append(encodeComponent(pair.name)).append('=').append(encodeComponent(pair.value));
        }
        return out.toString();
    }

    private static String encodeComponent(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(cp -> {
            if (cp == ' ') out.append('+');
            else PercentEncoding.appendEncoded(out, cp, PercentEncoding.EncodeSet.FORM);
        });
        return out.toString();
    }

    /** Every pair with its value masked: what an app's log shows. The values are first(), all(), pairs(). */
    @Override public String toString() {
        StringBuilder out = new StringBuilder();
        for (Pair pair : pairs) out.append(out.length() > 0 ? "&" : "").append(pair);
        return out.toString();
    }
}
