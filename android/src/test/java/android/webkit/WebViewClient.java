// WebViewClient.java: a stub of android.webkit.WebViewClient with both shouldOverrideUrlLoading overloads as
// documented: (WebView, String), API 1, deprecated in API 24; (WebView, WebResourceRequest), API 24. Each
// returns false (let the view load) unless overridden. Not shipped.
package android.webkit;

public class WebViewClient {
    @Deprecated
    public boolean shouldOverrideUrlLoading(WebView view, String url) { return false; }

    public boolean shouldOverrideUrlLoading(WebView view, WebResourceRequest request) { return shouldOverrideUrlLoading(view, request.getUrl().toString()); }
}
