// ValueCallback.java: a stub of android.webkit.ValueCallback (API 7). Not shipped.
package android.webkit;

public interface ValueCallback<T> {
    void onReceiveValue(T value);
}
