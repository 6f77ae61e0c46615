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

    String pathname() {
        if (opaquePath != null) return opaquePath;
        StringBuilder out = new StringBuilder();
        for (String segment : path) out.append('/').append(segment);
        return out.toString();
    }

    String href() {
        StringBuilder out = new StringBuilder(scheme).append(':');
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
        out.append(pathname());
        if (query != null) out.append('?').append(query);
        if (fragment != null) out.append('#').append(fragment);
        return out.toString();
    }
}
