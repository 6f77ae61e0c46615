/*
 * stand-in/janrain-widget.js: a local stand-in for Janrain's Capture widget script (load.js), for
 * bridge host (web/bridge-site.json maps the CDN URL here), so the web/ flows run in a real web view
 * with nothing reaching the network. It does what the pages rely on, no more:
 *
 *   - janrain.events.X for the events Capture fires, each with addHandler / removeHandler (what
 *     bridge.js hooks to queue events for the app);
 *   - janrain.capture.ui.start(): shows the first screen (the one named by janrain.settings.capture.screenToRender,
 *     else "signIn"), turning the screen's JTL tags into plain form markup; data-capturescreen links switch
 *     screens; fires onCaptureRenderStart, onCaptureScreenShow and onCaptureRenderComplete;
 *   - the sign-in form: submitting it fires onCaptureLoginSuccess with an access token (and an
 *     authorization code when responseType asks for one), as Capture does in the redirect flow; with
 *     janrain.standIn.legacyHandOff it navigates to janrain:accessToken=TOKEN instead (the old hand-off);
 *   - janrain.standIn.signIn(email): what a user does at the keyboard (fill the form, submit), for --eval.
 *
 * When loaded it calls janrainCaptureWidgetOnLoad(), as the real script does.
 */
(function (global) {
  'use strict';

  var EVENT_NAMES = [
    'onCaptureRenderStart', 'onCaptureRenderComplete', 'onCaptureScreenShow', 'onCaptureLoginStart',
    'onCaptureLoginSuccess', 'onCaptureLoginFailed', 'onCaptureRegistrationSuccess', 'onCaptureSessionFound',
    'onCaptureSessionNotFound', 'onCaptureSessionEnded', 'onCaptureSaveFailed', 'onCaptureProfileSaveSuccess',
    'onCaptureEmailVerificationSuccess'
  ];

  function makeEvent() {
    var handlers = [];
    return {
      addHandler: function (handler) { handlers.push(handler); return handler; },
      removeHandler: function (handler) {
        var at = handlers.indexOf(handler);
        if (at >= 0) handlers.splice(at, 1);
      },
      fire: function () {
        var args = arguments;
        handlers.slice().forEach(function (handler) { handler.apply(null, args); });
      }
    };
  }

  var janrain = global.janrain = global.janrain || {};
  janrain.settings = janrain.settings || {};
  janrain.settings.capture = janrain.settings.capture || {};
  janrain.events = janrain.events || {};
  EVENT_NAMES.forEach(function (name) { janrain.events[name] = janrain.events[name] || makeEvent(); });

  function randomHex(length) {
    var bytes = new Uint8Array(Math.ceil(length / 2));
    global.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('').slice(0, length);
  }

  // JTL: {* #form *} … {* /form *} become a form, {* field *} an input named after the field.
  function renderTags(screen) {
    if (screen.getAttribute('data-standin-rendered')) return;
    screen.innerHTML = screen.innerHTML
      .replace(/\{\*\s*#?(\w+Form)\s*\*\}/g, '<form id="$1" data-capture-form="$1">')
      .replace(/\{\*\s*\/(\w+Form)\s*\*\}/g, '</form>')
      .replace(/\{\*\s*(\w+)\s*\*\}/g, function (_, field) {
        var type = /password/i.test(field) ? 'password' : (/email/i.test(field) ? 'email' : 'text');
        return '<input name="' + field + '" type="' + type + '" aria-label="' + field + '">';
      });
    screen.setAttribute('data-standin-rendered', 'true');
  }

  var current = null;
  function showScreen(name) {
    var screen = document.getElementById(name);
    if (!screen) return false;
    if (current && current !== screen) current.style.display = 'none';
    renderTags(screen);
    screen.style.display = 'block';
    current = screen;
    wireScreen(screen);
    janrain.events.onCaptureScreenShow.fire({ screen: name });
    return true;
  }

  function wireScreen(screen) {
    Array.prototype.forEach.call(screen.querySelectorAll('[data-capturescreen]'), function (link) {
      link.onclick = function (event) { event.preventDefault(); showScreen(link.getAttribute('data-capturescreen')); };
    });
    Array.prototype.forEach.call(screen.querySelectorAll('form[data-capture-form]'), function (form) {
      form.onsubmit = function (event) { event.preventDefault(); submitted(form); };
    });
  }

  function submitted(form) {
    var name = form.getAttribute('data-capture-form');
    var email = (form.elements.signInEmailAddress || form.elements.emailAddress || {}).value || '';
    if (name === 'signInForm' || name === 'registrationForm') {
      janrain.events.onCaptureLoginStart.fire({ action: name });
      var accessToken = randomHex(16);
      if (janrain.standIn.legacyHandOff) {
        global.location.href = 'janrain:accessToken=' + accessToken;
        return;
      }
      var result = { accessToken: accessToken, oneTime: false, userData: { email: email }, action: name === 'signInForm' ? 'traditionalSignin' : 'traditionalRegistration' };
      var responseType = janrain.settings.capture.responseType || 'token';
      if (responseType === 'code' || responseType === 'code_and_token') result.authorizationCode = randomHex(14);
      if (responseType === 'code') delete result.accessToken;
      var event = name === 'signInForm' ? janrain.events.onCaptureLoginSuccess : janrain.events.onCaptureRegistrationSuccess;
      event.fire(result);
    } else if (name === 'forgotPasswordForm') {
      showScreen('forgotPasswordSuccess');
    }
  }

  janrain.capture = janrain.capture || {};
  janrain.capture.ui = janrain.capture.ui || {};
  janrain.capture.ui.start = function () {
    janrain.events.onCaptureRenderStart.fire({ flow: janrain.settings.capture.flowName });
    showScreen(janrain.settings.capture.screenToRender || 'signIn');
    janrain.events.onCaptureRenderComplete.fire({ flow: janrain.settings.capture.flowName });
  };
  janrain.capture.ui.renderScreen = showScreen;

  janrain.standIn = {
    legacyHandOff: false,
    // Fill the sign-in form as a user would and submit it.
    signIn: function (email, options) {
      if (options && options.legacy) janrain.standIn.legacyHandOff = true;
      if (!current || current.id !== 'signIn') showScreen('signIn');
      var form = document.getElementById('signInForm');
      if (!form) throw new Error('the page has no signIn screen with a signInForm');
      form.elements.signInEmailAddress.value = email || 'ada@example.com';
      if (form.elements.currentPassword) form.elements.currentPassword.value = 'stand-in password';
      form.requestSubmit();
      return 'submitted';
    }
  };

  if (typeof global.janrainCaptureWidgetOnLoad === 'function') global.janrainCaptureWidgetOnLoad();
})(window);
