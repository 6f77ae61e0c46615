// DashboardRoutes.swift: GET / in a browser: the seed flows, each with a control that starts it; the
// outbox with every message's links clickable (a custom-scheme link opens the app, in a web view the app's
// rules catch it), searched with Mailpit's syntax, a message's headers, text and HTML source on a click;
// users; codes and tokens with their state; the clock (+30 minutes) and a reset; and the live request log
// (server-sent events from /emulator/v1/events), one refresh per burst of requests. The dashboard's own reads
// are marked and kept out of the log. Plain HTML and a little script over the
// emulator's own JSON routes; text is set with textContent, never parsed as markup, and a mail's link is
// live only for a scheme that cannot run script. The script and style are files of their own so that the
// page's Content-Security-Policy can forbid inline script.
import PageStyle
import ProviderSettings
import NavigationPolicy
import JSONText

enum DashboardRoutes {
    static let routes: [ProviderEmulator.Route] = [
        ProviderEmulator.route(.get, "/") { _, _, config in
            var answer = EmulatorResponse.html(200, page(config))
            answer.headers = securityHeaders
            return answer
        },
        ProviderEmulator.route(.get, "/dashboard.js") { _, _, _ in
            EmulatorResponse(status: 200, contentType: "text/javascript; charset=utf-8", body: Array(script.utf8), headers: securityHeaders)
        },
        ProviderEmulator.route(.get, "/dashboard.css") { _, _, _ in
            EmulatorResponse(status: 200, contentType: "text/css; charset=utf-8", body: Array(style.utf8), headers: securityHeaders)
        },
    ]

    /// Script only from this server's own files (no inline script, so nothing a mail or a log line carries can
    /// run), fetches only to itself, and no framing.
    static let securityHeaders = [
        "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    ]

    /// The shared stylesheet, and what only the dashboard has: a clickable outbox and the live log.
    static let style = PageStyle.stylesheet + #"""
#outbox tr { cursor: pointer; } #outbox tr:hover td { background: var(--card); }
#outbox td:nth-child(-n+3), #codes td, #users td { overflow-wrap: normal; } #outbox td:nth-child(3) { white-space: nowrap; font-size: .85rem; }
#outbox td:nth-child(4) { font-size: .85rem; } header p { margin: .2rem 0 .8rem; }
#log { font-family: ui-monospace, monospace; font-size: .8rem; max-height: 16rem; overflow: auto; background: var(--card); padding: .4rem; border-radius: .4rem; }
"""#

    /// The schemes a mail link is not made live for, as the script's JSON array: the engine's always-blocked
    /// schemes (the ones a redirect URI may not have either), as `URL.protocol` writes them.
    static let unsafeSchemesJSON = JSONOutput.array(PolicyEngine.alwaysBlockedSchemes.sorted().map { .string($0 + ":") }).text

    static let script = #"""
(function () {
  'use strict';
  var app = document.getElementById('app').textContent;
  var user = document.getElementById('user').textContent;
  function cell(row, text) { var td = document.createElement('td'); td.textContent = text == null ? '' : String(text); row.appendChild(td); return td; }
  function fill(id, items, columns) {
    var body = document.getElementById(id); body.textContent = '';
    items.forEach(function (item) { var row = document.createElement('tr'); columns(row, item); body.appendChild(row); });
  }
  var unsafeSchemes = \#(unsafeSchemesJSON);
  function isSafeLink(link) {
    try { return unsafeSchemes.indexOf(new URL(link).protocol) < 0; } catch (e) { return false; }
  }
  // The dashboard's own reads are marked, so the request log shows the app's requests, not these.
  function get(path) { return fetch(path, { cache: 'no-store', headers: { 'X-Bridge-Dashboard': '1' } }).then(function (r) { return r.json(); }); }
  function post(path, body, type) {
    return fetch(path, { method: 'POST', headers: { 'Content-Type': type || 'application/json' }, body: body }).then(refresh);
  }
  // One refresh for a burst of logged requests: events arriving within 200 ms of each other share it.
  var state = window.bridgeDashboard = { refreshes: 0, pending: null, selected: null };
  function refreshSoon() { if (!state.pending) state.pending = setTimeout(function () { state.pending = null; refresh(); }, 200); }
  var search = document.getElementById('search');
  search.oninput = refreshSoon;
  function show(m) {
    state.selected = m.ID;
    document.getElementById('message-subject').textContent = m.Subject;
    document.getElementById('message-subject').className = '';
    document.getElementById('message-text').textContent = m.Text;
    document.getElementById('message-html').textContent = m.HTML;
    get('/api/v1/message/' + encodeURIComponent(m.ID) + '/headers').then(function (headers) {
      document.getElementById('message-headers').textContent = Object.keys(headers).map(function (name) {
        return name + ': ' + headers[name].join(', ');
      }).join('\n');
    });
  }
  function refresh() {
    state.refreshes += 1;
    get('/emulator/v1/outbox' + (search.value ? '?query=' + encodeURIComponent(search.value) : '')).then(function (outbox) {
      fill('outbox', outbox.messages, function (row, m) {
        row.onclick = function () { show(m); };
        cell(row, m.To[0].Address); cell(row, m.Subject); cell(row, m.Date);
        var links = cell(row, m.Links.length ? '' : m.Snippet);
        m.Links.forEach(function (link) {
          // A link is live only for a scheme that cannot run script here; anything else is text.
          var item = document.createElement(isSafeLink(link) ? 'a' : 'span');
          if (item.tagName === 'A') item.href = link;
          item.textContent = link; links.appendChild(item); links.appendChild(document.createElement('br'));
        });
      });
    });
    get('/emulator/v1/codes').then(function (d) { fill('codes', d.codes, function (row, c) { cell(row, c.kind); cell(row, c.email); cell(row, c.state); cell(row, c.expiresAt); }); });
    get('/emulator/v1/users').then(function (d) { fill('users', d.users, function (row, u) { cell(row, u.email); cell(row, u.phone); cell(row, u.verified ? 'yes' : 'no'); }); });
    get('/emulator/v1/clock').then(function (d) { document.getElementById('clock').textContent = d.now; });
  }
  var form = 'application/x-www-form-urlencoded';
  var redirect = encodeURIComponent('https://yourdomain.com/password_reset.php');
  document.getElementById('start-capture-reset').onclick = function () {
    post('/oauth/forgot_password_native', 'client_id=' + app + '&form=forgotPasswordForm&signInEmailAddress=' + encodeURIComponent(user) + '&redirect_uri=' + redirect, form);
  };
  document.getElementById('start-deeplink').onclick = function () { post('/api/reset-password/request', JSON.stringify({ email: user })); };
  document.getElementById('start-realm-reset').onclick = function () {
    post('/api/client/v2.0/app/' + app + '/auth/providers/local-userpass/reset/send', JSON.stringify({ email: user }));
  };
  document.getElementById('start-kii-pin').onclick = function () {
    post('/api/apps/' + app + '/users/EMAIL:' + encodeURIComponent(user) + '/password/request-reset', JSON.stringify({ notificationMethod: 'SMS', smsResetMethod: 'PIN' }));
  };
  document.getElementById('advance').onclick = function () { post('/emulator/v1/clock', JSON.stringify({ advance: 1800 })); };
  document.getElementById('reset').onclick = function () { post('/emulator/v1/reset', ''); };
  var log = document.getElementById('log');
  if (window.EventSource) {
    var source = new EventSource('/emulator/v1/events');
    source.addEventListener('dropped', function (event) {
      var line = document.createElement('div');
      line.textContent = JSON.parse(event.data).dropped + ' earlier requests are no longer kept';
      log.insertBefore(line, log.firstChild);
    });
    source.onmessage = function (event) {
      var entry = JSON.parse(event.data), line = document.createElement('div');
      line.textContent = entry.at + '  ' + entry.method + ' ' + entry.target + ' ' + entry.status;
      log.insertBefore(line, log.firstChild);
      refreshSoon();
    };
  }
  refresh();
  // Time moves codes from issued to expired without a request: a slow refresh shows it.
  setInterval(refreshSoon, 10000);
})();
"""#

    static func page(_ config: EmulatorConfiguration) -> String {
        let app = EmulatorPage.escape(config.appName)
        return #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>bridge serve</title>
        <link rel="stylesheet" href="/dashboard.css">
        </head>
        <body>
        <header>
          <h1>bridge serve <small id="app">\#(app)</small></h1>
          <p>Clock <code id="clock"></code> <button id="advance">+30 minutes</button> <button id="reset">Reset the emulator</button></p>
        </header>
        <section>
          <h2>Flows</h2>
          <p><a class="start button" id="start-capture-signin" href="/oauth/signin?response_type=code&amp;client_id=\#(app)&amp;state=dashboard&amp;redirect_uri=https%3A%2F%2Fyourdomain.com%2Fpassword_reset.php">Capture sign-in</a>
          <button id="start-capture-reset">Capture password reset (mail)</button>
          <button id="start-deeplink">Deep-link reset (mail)</button>
          <button id="start-realm-reset">Realm reset (mail)</button>
          <button id="start-kii-pin">Kii reset (SMS PIN)</button></p>
          <p class="muted">As <span id="user">ada@example.com</span></p>
        </section>
        <section><h2>Outbox</h2>
          <p><label>Search <input id="search" type="search" placeholder="to:ada@example.com is:unread subject:&quot;Reset&quot;"></label></p>
          <div class="side-by-side">
            <table><thead><tr><th>To</th><th>Subject</th><th>Created</th><th>Links</th></tr></thead><tbody id="outbox"></tbody></table>
            <article id="message"><h3 id="message-subject" class="muted">Click a message to open it</h3><h4>Headers</h4><pre id="message-headers"></pre>
            <h4>Text</h4><pre id="message-text"></pre><h4>HTML (source)</h4><pre id="message-html"></pre></article>
          </div>
        </section>
        <div class="side-by-side">
          <section><h2>Codes and tokens</h2><table><thead><tr><th>Kind</th><th>User</th><th>State</th><th>Expires</th></tr></thead><tbody id="codes"></tbody></table></section>
          <section><h2>Users</h2><table><thead><tr><th>Email</th><th>Phone</th><th>Verified</th></tr></thead><tbody id="users"></tbody></table></section>
        </div>
        <section><h2>Requests</h2><div id="log"></div></section>
        <script src="/dashboard.js"></script>
        </body>
        </html>
        """#
    }
}
