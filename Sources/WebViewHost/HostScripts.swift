// HostScripts.swift: the JavaScript the native side runs in the hosted page, as an app's native side runs
// it: the Janrain queue drain (bridge.js's drain(), or the shipped read-then-empty for pages without it),
// the WebViewJavascriptBridge fetch and reply, that bridge's page half (injected when the page asks for it
// with https://__bridge_loaded__, as the native library does), and a document-start probe that reports
// uncaught script errors to the host. No WebKit here.
import BrowserURL
import JSONText
import NavigationPolicy

package enum HostScripts {
    /// Empties createJanrainBridge.eventQueue in one step and returns it as JSON text (null: no bridge).
    package static let janrainDrain = """
        (function () {
          var bridge = window.createJanrainBridge;
          if (!bridge) return null;
          if (typeof bridge.drain === 'function') return bridge.drain();
          var queued = JSON.stringify(bridge.eventQueue || []);
          bridge.eventQueue = [];
          return queued;
        })()
        """

    /// WebViewJavascriptBridge's queue as JSON text, emptied (null: no bridge on the page).
    package static let wvjbFetch = """
        (function () {
          var bridge = window.WebViewJavascriptBridge;
          return bridge && typeof bridge._fetchQueue === 'function' ? bridge._fetchQueue() : null;
        })()
        """

    /// Sends a reply to a WebViewJavascriptBridge message into the page.
    package static func wvjbReply(callbackID: String, data: JSONValue) -> String {
        let message = JSONValue.object(["responseId": .string(callbackID), "responseData": data]).jsonText
        return "window.WebViewJavascriptBridge && WebViewJavascriptBridge._handleMessageFromObjC(\(JSONValue.string(message).jsonText));"
    }

    /// WebViewJavascriptBridge's page half (its protocol: queue messages {handlerName, data, callbackId},
    /// signal with wvjbscheme://__wvjb_queue_message__, _fetchQueue, _handleMessageFromObjC, WVJBCallbacks).
    /// Written here against that protocol, not copied from the library.
    package static let wvjbPageBridge = """
        (function () {
          if (window.WebViewJavascriptBridge) return;
          var queue = [], handlers = {}, callbacks = {}, next = 1;
          var frame = document.createElement('iframe');
          frame.style.display = 'none';
          function send(message, callback) {
            if (callback) {
              var id = 'cb_' + (next++) + '_' + Date.now();
              callbacks[id] = callback;
              message.callbackId = id;
            }
            queue.push(message);
            frame.src = 'wvjbscheme://__wvjb_queue_message__';
          }
          window.WebViewJavascriptBridge = {
            registerHandler: function (name, handler) { handlers[name] = handler; },
            callHandler: function (name, data, callback) {
              if (typeof data === 'function') { callback = data; data = undefined; }
              var message = { handlerName: name };
              if (data !== undefined) message.data = data;
              send(message, callback);
            },
            _fetchQueue: function () { var text = JSON.stringify(queue); queue = []; return text; },
            _handleMessageFromObjC: function (json) {
              setTimeout(function () {
                var message = JSON.parse(json);
                if (message.responseId) {
                  var callback = callbacks[message.responseId];
                  delete callbacks[message.responseId];
                  if (callback) callback(message.responseData);
                  return;
                }
                var handler = handlers[message.handlerName];
                var respond = message.callbackId
                  ? function (data) { send({ responseId: message.callbackId, responseData: data }); }
                  : function () {};
                if (handler) handler(message.data, respond);
              });
            }
          };
          document.documentElement.appendChild(frame);
          var waiting = window.WVJBCallbacks || [];
          delete window.WVJBCallbacks;
          waiting.forEach(function (callback) { callback(window.WebViewJavascriptBridge); });
        })();
        """

    /// The message handler the probe posts to.
    package static let probeHandler = "bridgeHost"

    /// Injected at document start in every frame under Android's rules: the app's JavaScript interfaces
    /// (addJavascriptInterface), each `window.NAME` an object with the listed methods and nothing else, as
    /// Android exposes only @JavascriptInterface methods. A call posts `{call: "NAME.METHOD", arguments}` to
    /// the host, through the handler the error probe uses (captured before the page's scripts run), and
    /// returns undefined: the host's methods return nothing. Nil when the app adds no interface.
    package static func javascriptInterfaces(_ interfaces: [JavascriptInterface]) -> String? {
        guard !interfaces.isEmpty else { return nil }
        let table = JSONValue.object(Dictionary(uniqueKeysWithValues: interfaces.map { ($0.name, JSONValue.array($0.methods.map(JSONValue.string))) }))
        return """
            (function () {
              var handlers = window.webkit && window.webkit.messageHandlers;
              var handler = handlers && handlers.\(probeHandler);
              if (!handler) return;
              var post = handler.postMessage.bind(handler);
              var interfaces = \(table.jsonText);
              Object.keys(interfaces).forEach(function (name) {
                if (Object.prototype.hasOwnProperty.call(window, name)) return;
                var object = {};
                interfaces[name].forEach(function (method) {
                  object[method] = function () {
                    var values = [];
                    for (var i = 0; i < arguments.length; i++) values.push(arguments[i] === undefined ? null : arguments[i]);
                    post({ call: name + '.' + method, arguments: JSON.parse(JSON.stringify(values)) });
                  };
                });
                Object.defineProperty(window, name, { value: Object.freeze(object), configurable: false, writable: false, enumerable: false });
              });
            })();
            """
    }

    /// Injected at document start in every frame: uncaught errors and rejections go to the host. A script
    /// element given a cross-origin, non-loopback src by script (a widget loader) is made a CORS request, so
    /// its errors arrive with message, file and line instead of "Script error.": every such host is
    /// answered by the stand-in network or the emulator, which allow any origin. Loopback hosts (a test's own
    /// server, reached directly) and scripts in the page's markup are left as they are.
    package static let errorProbe = """
        (function () {
          if (window.__bridgeHostProbe) return;
          window.__bridgeHostProbe = true;
          var srcProperty = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, 'src');
          function unmute(script, value) {
            try {
              var url = new URL(String(value), document.baseURI);
              var loopback = /\(Loopback.hostnamePattern)/.test(url.hostname);
              if (url.origin !== location.origin && !loopback && /^https?:$/.test(url.protocol) && !script.hasAttribute('crossorigin')) {
                script.crossOrigin = 'anonymous';
              }
            } catch (ignored) {}
          }
          if (srcProperty && srcProperty.set) {
            Object.defineProperty(HTMLScriptElement.prototype, 'src', {
              configurable: true, enumerable: srcProperty.enumerable, get: srcProperty.get,
              set: function (value) { unmute(this, value); srcProperty.set.call(this, value); }
            });
          }
          var setAttribute = Element.prototype.setAttribute;
          Element.prototype.setAttribute = function (name, value) {
            if (this instanceof HTMLScriptElement && String(name).toLowerCase() === 'src') unmute(this, value);
            return setAttribute.call(this, name, value);
          };
          function post(message) {
            try { window.webkit.messageHandlers.\(probeHandler).postMessage(message); } catch (e) {}
          }
          var mainFrame = window === window.top;
          window.addEventListener('error', function (event) {
            if (!(event instanceof ErrorEvent)) return;
            post({ message: String(event.message), source: String(event.filename || location.href),
                   line: event.lineno | 0, column: event.colno | 0, mainFrame: mainFrame });
          });
          window.addEventListener('unhandledrejection', function (event) {
            var reason = event.reason;
            post({ message: 'unhandled rejection: ' + String(reason && reason.message || reason),
                   source: location.href, line: 0, column: 0, mainFrame: mainFrame });
          });
          // What the page writes to its console, each call as one message (its arguments as the console
          // shows them: strings as they are, values as JSON; past a limit, cut and the rest counted), then
          // the console's own call.
          [\(ConsoleMessage.Level.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))].forEach(function (level) {
            var original = console[level];
            if (typeof original !== 'function') return;
            console[level] = function () {
              try {
                var text = Array.prototype.map.call(arguments, function (value) {
                  if (typeof value === 'string') return value;
                  try { var json = JSON.stringify(value); return json === undefined ? String(value) : json; } catch (e) { return String(value); }
                }).join(' ');
                post({ console: level, message: text.slice(0, \(ConsoleMessage.longestMessage)),
                       leftOut: Math.max(0, text.length - \(ConsoleMessage.longestMessage)), mainFrame: mainFrame });
              } catch (e) {}
              return original.apply(this, arguments);
            };
          });
        })();
        """

    /// Injected at document start in every frame, beside the error probe: the top document names its
    /// sandboxed iframes (their address and `sandbox` attribute); a subframe says, before it is made, each
    /// navigation it starts to a scheme the view does not load itself, with its own sandbox when it can read
    /// it (same origin as its parent) or that its origin is opaque (then the top document's list has it).
    /// Neither engine's UI side tells which frame a navigation comes from, nor its sandbox; WKWebView drops
    /// such a navigation from a sandboxed frame before asking the app, so the host needs both to apply it.
    package static let sandboxProbe = """
        (function () {
          if (window.__bridgeSandboxProbe) return;
          window.__bridgeSandboxProbe = true;
          function post(message) {
            try { window.webkit.messageHandlers.\(probeHandler).postMessage(message); } catch (e) {}
          }
          if (window === window.top) {
            var said = {};
            var report = function () {
              var frames = document.querySelectorAll('iframe[sandbox]');
              for (var i = 0; i < frames.length; i++) {
                var f = frames[i];
                var address = f.hasAttribute('srcdoc') ? 'about:srcdoc' : f.src;
                var key = address + ' ' + f.getAttribute('sandbox');
                if (said[key]) continue;
                said[key] = true;
                post({ sandboxedFrame: address, sandbox: f.getAttribute('sandbox') });
              }
            };
            new MutationObserver(report).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['sandbox', 'src', 'srcdoc'] });
            document.addEventListener('DOMContentLoaded', report);
            return;
          }
          var web = \(JSONFields(Platform.schemesTheViewLoads.sorted().map { ($0 + ":", JSONOutput.int(1)) }).line);
          function starting(address, gesture) {
            var url;
            try { url = new URL(address, document.baseURI); } catch (e) { return; }
            if (web[url.protocol]) return;
            var sandbox = null;
            try { if (window.frameElement) sandbox = window.frameElement.getAttribute('sandbox'); } catch (e) {}
            post({ frameNavigation: url.href, frame: location.href, sandbox: sandbox, opaque: self.origin === 'null', gesture: !!gesture });
          }
          document.addEventListener('click', function (event) {
            var link = event.target && event.target.closest ? event.target.closest('a[href]') : null;
            if (link) starting(link.href, event.isTrusted);
          }, true);
          document.addEventListener('submit', function (event) {
            var form = event.target;
            if (form && form.action) starting(form.action, event.isTrusted);
          }, true);
        })();
        """

    /// Injected at document start in every frame of the Chromium host, which has no app to hand a new
    /// window to: window.open and target=_blank do what `setting` says an app does (HostOptions.popups).
    /// A window opened is the view's own top frame, as Blink makes it when multiple windows are not
    /// supported; one not opened is said to the host. A script's `form.submit()` (no submit event) is
    /// caught as a submit is.
    package static func popups(_ setting: PopupSetting) -> String {
        """
        (function () {
          if (window.__bridgePopups) return;
          window.__bridgePopups = true;
          var setting = '\(setting.rawValue)';
          // A window of its own: the browser opens it, as the app's onCreateWindow does.
          if (setting === 'own-window') return;
          function post(message) {
            try { window.webkit.messageHandlers.\(probeHandler).postMessage(message); } catch (e) {}
          }
          function opens(tapped) { return setting === 'same-view' || (setting === 'tap-only' && tapped); }
          function tapped() { return !!(navigator.userActivation && navigator.userActivation.isActive); }
          window.open = function (url) {
            var address = url === undefined || url === null ? '' : String(url);
            try { if (address) address = new URL(address, document.baseURI).href; } catch (e) {}
            if (!opens(tapped())) { post({ popupBlocked: address }); return null; }
            if (address) window.top.location.href = address;
            return window.top;
          };
          function retarget(event, element) {
            if (!element || !/^_blank$/i.test(element.getAttribute('target') || '')) return;
            if (!opens(event.isTrusted)) {
              event.preventDefault();
              post({ popupBlocked: String(element.href || element.action || '') });
              return;
            }
            element.setAttribute('target', '_top');
          }
          document.addEventListener('click', function (event) {
            retarget(event, event.target && event.target.closest ? event.target.closest('a[target]') : null);
          }, true);
          document.addEventListener('submit', function (event) { retarget(event, event.target); }, true);
          // A script's form.submit() fires no submit event: the same choice made before it goes.
          var submit = HTMLFormElement.prototype.submit;
          HTMLFormElement.prototype.submit = function () {
            if (/^_blank$/i.test(this.getAttribute('target') || '')) {
              if (!opens(tapped())) { post({ popupBlocked: String(this.action || '') }); return; }
              this.setAttribute('target', '_top');
            }
            return submit.call(this);
          };
        })();
        """
    }

    /// The user-agent token Janrain's bridge looks for.
    /// Chromium only: a document's own navigation to a scheme the view does not load (a form submitted to
    /// `myapp://`, a link, a script's location) is held (the Navigation API's navigate event, cancelled) and
    /// said to the host, which decides it (or has, from the browser's frameRequestedNavigation). Left to
    /// run, desktop Chromium commits an error page in place of a page whose form went to the app, while
    /// Android's view, whose app returned true from shouldOverrideUrlLoading, leaves the page where it was
    /// (AwContentsClientShouldOverrideUrlLoadingTest.testCalledForUnsupportedSchemes). One the app lets
    /// through the host then starts itself. Traversals are the browser's, and not held.
    package static let customSchemeHold = """
        (function () {
          if (!window.navigation || window.__bridgeSchemeHold) return;
          window.__bridgeSchemeHold = true;
          var web = \(JSONFields(Platform.schemesTheViewLoads.sorted().map { ($0 + ":", JSONOutput.int(1)) }).line);
          navigation.addEventListener('navigate', function (event) {
            if (!event.cancelable || event.navigationType === 'traverse') return;
            var url;
            try { url = new URL(event.destination.url); } catch (e) { return; }
            if (web[url.protocol]) return;
            event.preventDefault();
            var source = event.sourceElement;
            var form = event.formData !== null || !!(source && source.tagName === 'FORM');
            try { window.webkit.messageHandlers.\(probeHandler).postMessage({ heldNavigation: url.href, form: form, gesture: event.userInitiated }); } catch (e) {}
          });
        })();
        """

    package static let userAgentToken = "janrainNativeAppBridgeEnabled"
}
