// ExamplePages.swift: the known-good pages the checks' examples edit. Each inspects clean (a test says
// so); an example that must trigger a check changes one thing in one of them.

enum ExamplePages {
    /// A Janrain sign-in page set up for a WebView, as DESIGN.md ("Janrain's own bridge") describes.
    static let signIn = """
    <!DOCTYPE html>
    <html>
    <head>
    <meta charset="utf-8">
    <title>Sign in</title>
    <script src="bridge.js"></script>
    <script>
    (function () {
      if (typeof window.janrain !== 'object') window.janrain = {};
      janrain.settings = {};
      janrain.settings.capture = {};
      janrain.settings.popup = false;
      janrain.settings.type = 'embed';
      janrain.settings.tokenAction = 'url';
      janrain.settings.capture.redirectFlow = true;
      janrain.settings.capture.redirectUri = window.location.href.split('#')[0];
      janrain.settings.capture.captureServer = 'https://example.janraincapture.com';
      janrain.settings.tokenUrl = janrain.settings.capture.captureServer;
      janrain.settings.capture.appId = 'exampleappid';
      janrain.settings.capture.clientId = 'exampleclientid';
      janrain.settings.capture.responseType = 'code_and_token';
      janrain.settings.capture.flowName = 'webViewSignIn';
      var e = document.createElement('script');
      e.id = 'janrainAuthWidget';
      e.src = 'https://d16s8pqtk4uodx.cloudfront.net/example/load.js';
      document.head.appendChild(e);
    })();
    function janrainCaptureWidgetOnLoad() {
      createJanrainBridge();
      janrain.capture.ui.start();
    }
    </script>
    </head>
    <body>
    <div id="signIn" style="display:none">
      {* #signInForm *}
        {* signInEmailAddress *}
        {* currentPassword *}
        <a href="#" data-capturescreen="forgotPassword">Forgot your password?</a>
      {* /signInForm *}
    </div>
    <div id="forgotPassword" style="display: none;">
      {* #forgotPasswordForm *}
        {* signInEmailAddress *}
      {* /forgotPasswordForm *}
    </div>
    <p><a href="https://example.janraincapture.com/oauth/signin?response_type=code_and_token&amp;redirect_uri=https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php&amp;client_id=exampleclientid">Sign in without the widget</a></p>
    </body>
    </html>

    """

    /// The app-specific password-reset page of seed 000: reads `code`, has its own server exchange it for a
    /// token, embeds Capture's profile_change_password iframe, and its callback opens the app.
    static let reset = """
    <!DOCTYPE html>
    <html>
    <head>
    <meta charset="utf-8">
    <title>Choose a new password</title>
    </head>
    <body>
    <p id="status">Checking your link</p>
    <iframe id="change-password" title="Change your password" hidden></iframe>
    <script>
    var CAPTURE_SERVER = 'https://example.janraincapture.com';
    function passwordChanged() {
      window.location.href = 'myapp://password-changed';
    }
    function showChangePassword(token) {
      var frame = document.getElementById('change-password');
      frame.src = CAPTURE_SERVER + '/oauth/profile_change_password?token=' + encodeURIComponent(token)
        + '&callback=passwordChanged&xd_receiver=' + encodeURIComponent(new URL('xdcomm.html', location.href).href);
      frame.hidden = false;
    }
    var code = new URLSearchParams(location.search).get('code');
    fetch('/api/exchange-code', {method: 'POST', body: JSON.stringify({code: code})})
      .then(function (response) { return response.json(); })
      .then(function (result) { showChangePassword(result.token); });
    </script>
    </body>
    </html>

    """

    /// A local cross-domain receiver.
    static let xdcomm = """
    <!DOCTYPE html>
    <html><head><meta charset="utf-8"><title>xdcomm</title></head><body></body></html>

    """
}
