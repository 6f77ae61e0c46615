// Uri.java: a stub of android.net.Uri with the one member the adapter calls (toString, API 1), so that
// BridgeWebViewClient compiles and is tested here as an app compiles it. Not shipped: the app's Android
// provides the real class. The engine never parses with it.
package android.net;

public abstract class Uri {
    public static Uri parse(final String text) {
        return new Uri() {
            @Override public String toString() { return text; }
        };
    }

    @Override public abstract String toString();
}
