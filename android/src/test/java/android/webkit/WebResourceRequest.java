// WebResourceRequest.java: a stub of android.webkit.WebResourceRequest with the documented signatures the
// adapter calls: getUrl, isForMainFrame, hasGesture, getMethod (API 21) and isRedirect (API 24). Not shipped.
package android.webkit;

import android.net.Uri;

public interface WebResourceRequest {
    Uri getUrl();
    boolean isForMainFrame();
    boolean isRedirect();
    boolean hasGesture();
    String getMethod();
}
