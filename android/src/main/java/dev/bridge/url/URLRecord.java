// URLRecord.java: a URL as the URL Standard's parser makes it (§4.1), and its serializer (§4.5).
package dev.bridge.url;

import java.util.ArrayList;
import java.util.List;

final class URLRecord {
    String scheme = "";
    String username = "";
    String password = "";
    /** The serialized host, or null. */
    String host;
    /** The port, or -1 for null. */
    int port = -1;
    List<String> path = new ArrayList<>();
    /** The opaque path, or null when the path is a list. */
    String opaquePath;
    String query;
    String fragment;

    private int pathLength() {
        if (opaquePath != null) return opaquePath.length();
        int length = 0;
        for (String segment : path) length += 1 + segment.length();
        return length;
    }

    String pathname() {
        if (opaquePath != null) return opaquePath;
        int length = 0;
        for (String segment : path) length += 1 + segment.length();
        StringBuilder out = new StringBuilder(length);
        for (String segment : path) out.append('/').append(segment);
        return out.toString();
    }

    String href() {
        StringBuilder out = new StringBuilder(scheme.length() + 16 + (host == null ? 0 : host.length())
                + (query == null ? 0 : query.length()) + (fragment == null ? 0 : fragment.length()) + pathLength()).append(scheme).append(':');
        if (host != null) {
            out.append("//");
            if (!username.isEmpty() || !password.isEmpty()) {
                out.append(username);
                if (!password.isEmpty()) out.append(':').append(password);
                out.append('@');
            }
            out.append(host);
            if (port >= 0) out.append(':').append(port);
        } else if (opaquePath == null && path.size() > 1 && path.get(0).isEmpty()) {
            out.append("/.");
        }
        if (opaquePath != null) out.append(opaquePath); else for (String segment : path) out.append('/').append(segment);
        if (query != null) out.append('?').append(query);
        if (fragment != null) out.append('#').append(fragment);
        return out.toString();
    }
}
