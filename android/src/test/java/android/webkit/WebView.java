// WebView.java: a stub of android.webkit.WebView: the adapter only passes it on (to the app's drain call).
// Not shipped: the app's Android provides the real class.
package android.webkit;

public class WebView {
    /** API 19: what the adapter's drain request asks the app to run. */
    public void evaluateJavascript(String script, ValueCallback<String> resultCallback) {}
}
