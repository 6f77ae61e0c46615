// Loopback.java: which hosts are this machine's own (the Swift engine's Loopback): IPv4 127.0.0.0/8, IPv6
// ::1, and the name localhost and every name under it, with or without the trailing dot. A sentinel's
// loopbackAnyPort (RFC 8252 §7.3) asks it.
package dev.bridge.url;

public final class Loopback {
    private Loopback() {}

    /** Whether a host, as BrowserURL serializes it (hostname), is loopback. */
    public static boolean contains(String hostname) {
        if (hostname.equals("[::1]")) return true;
        String name = hostname.endsWith(".") ? hostname.substring(0, hostname.length() - 1) : hostname;
        if (name.equals("localhost") || name.length() > 10 && name.endsWith(".localhost")) return true;
        // The URL parser writes an IPv4 address as four decimal numbers; a domain always has a letter.
        if (!hostname.equals(name)) return false;
        String[] labels = name.split("\\.", -1);
        if (labels.length != 4 || !labels[0].equals("127")) return false;
        for (String label : labels) {
            if (label.isEmpty()) return false;
            for (int i = 0; i < label.length(); i++) if (label.charAt(i) < '0' || label.charAt(i) > '9') return false;
        }
        return true;
    }
}
