/*
 * stand-in/janrain-widget.js: a stand-in for Janrain's Capture widget script (any …/load.js on Janrain's
 * CDN), served by `bridge serve` and by `bridge host --provider`, for pages it was not written for. Written
 * by hand against the widget's documented behaviour (settings, JTL screens, events), not copied from it:
 * the real script is not ours to ship, and it talks to Janrain's servers.
 *
 *   - Settings are read from the page's janrain.settings when they are needed (captureServer, clientId,
 *     responseType, redirectUri, passwordRecoverUri, flowName, flowVersion, screenToRender, locale), so a
 *     page (or a test's --eval) may change them after the widget has loaded.
 *   - Screens are the elements with an id that hold JTL ({* … *}), as the page defines them (hidden until
 *     shown). renderScreen(name) turns a screen's JTL into markup once: {* #anyForm *} (or {* anyForm *}, as the
 *     profile flows write it) … {* /anyForm *}
 *     becomes a form, whatever it is called; {* field *} an input named after the field (type from the
 *     name: password, email, text); {* …Button *} a button (backButton goes back); {* …Data *} the signed-in
 *     user's value; {* loginWidget *} the social buttons (janrain.settings.providers). Links with
 *     data-capturescreen show that screen; .capture_end_session ends the session.
 *   - A form's role comes from its name and fields: sign-in (signInForm, userInformationForm,
 *     tradAuthenticateMergeForm, or email + password), registration, forgot password, a signed-in user's
 *     profile or password change (editProfileForm, changePasswordForm), or other.
 *   - Submitting talks to the page's captureServer, as the widget does: /oauth/auth_native_traditional,
 *     /oauth/register_native_traditional, /oauth/forgot_password_native (its link goes to
 *     passwordRecoverUri, else redirectUri), /entity for sessions, /entity.update for profile saves.
 *     `bridge serve` answers them.
 *   - Events fire in Capture's order with Capture's arguments: onCaptureSessionFound/NotFound, then for
 *     each screen onCaptureRenderStart, onCaptureRenderComplete, onCaptureScreenShow; onCaptureLoginStart then
 *     onCaptureLoginSuccess ({accessToken | authorizationCode, oneTime, userData, …}) or onCaptureLoginFailed;
 *     onCaptureRegistrationStart then …Success / …Failed; onCaptureForgotPasswordCodeSuccess / …Failed;
 *     onCaptureProfileSaveSuccess / …Failed; onCaptureSessionEnded.
 *     janrain.capture.ui.createCaptureSession(token) checks the token and fires
 *     onCaptureSessionFound or onCaptureSessionNotFound.
 *   - Social sign-in as seed 004 runs it in a web view (popup false, tokenAction 'url'): a provider's
 *     button loads Social Login's start URL (appUrl/PROVIDER/start?token_url=…) in the view; with Capture
 *     (a captureServer) the token URL is Capture's widget token URL, which redirects back to redirectUri
 *     with the code or token (or the error), and start() on that page fires onCaptureLoginSuccess (or
 *     onCaptureLoginFailed) with action socialSignin when capture.redirectFlow is set; without Capture (an
 *     Engage-only page) the token URL is janrain.settings.tokenUrl, which receives ?token=…. With popup
 *     not false the start URL opens in a new window, as the real widget's popup does.
 *   - Errors are caught where they are thrown (in the widget, or in a page handler it calls) and reported
 *     with their message, file and line to bridge host (and the console): a script from another origin
 *     would otherwise only say "Script error.".
 *   - Test drivers, what a user does at the keyboard: janrain.standIn.signIn(email, {password, legacy}),
 *     .register({email, password, displayName}), .forgotPassword(email), .socialSignIn(provider) (a tap on
 *     that provider's button; the identity provider's page then asks, as on a phone). legacy: the old hand-off, a
 *     navigation to janrain:accessToken=TOKEN instead of the success event.
 *
 * Once the document has been parsed it calls janrainWidgetOnload() and janrainCaptureWidgetOnLoad(), as the
 * real script does. Engage's loader (rpxnow.com/load/APP) gets this script too; it fills the page's
 * janrainEngageEmbed box with the social buttons.
 */
(function (global) {
  'use strict';

  var document = global.document;
  var EVENT_NAMES = [
    'onCaptureRenderStart', 'onCaptureRenderComplete', 'onCaptureScreenShow', 'onCaptureLoginStart',
    'onCaptureLoginSuccess', 'onCaptureLoginFailed', 'onCaptureRegistrationStart', 'onCaptureRegistrationSuccess',
    'onCaptureRegistrationFailed', 'onCaptureForgotPasswordCodeSuccess', 'onCaptureForgotPasswordCodeFailed',
    'onCaptureSessionFound', 'onCaptureSessionNotFound', 'onCaptureSessionEnded', 'onCaptureSaveFailed',
    'onCaptureProfileSaveSuccess', 'onCaptureProfileSaveFailed', 'onCaptureEmailVerificationSuccess', 'onCaptureError',
    'onProviderLoginStart', 'onProviderLoginCancel'
  ];
  var TOKEN_KEY = 'janrainCaptureToken';
  var SOCIAL_STATE_KEY = 'janrainSocialState';
  // A form's field names and the schema attributes they save (Capture's flow maps each field to one).
  var SCHEMA_ATTRIBUTES = { emailAddress: 'email', birthdate: 'birthday' };
  var DEFAULT_PASSWORD = 'analytical-engine';  // bridge serve's default user, ada@example.com

  // Errors: caught where they are thrown, reported with message, file and line.
  function report(error, where) {
    var detail = {
      message: String(error && error.message || error),
      source: String(error && (error.sourceURL || error.fileName) || ''),
      line: (error && (error.line || error.lineNumber)) | 0,
      column: (error && (error.column || error.columnNumber)) | 0,
      context: 'janrain widget: ' + where,
      mainFrame: global === global.top
    };
    try { global.webkit.messageHandlers.bridgeHost.postMessage(detail); } catch (ignored) {}
    if (global.console) global.console.error('janrain widget (' + where + '): ' + detail.message + ' at ' + detail.source + ':' + detail.line);
  }

  function guarded(where, body) {
    return function () {
      try { return body.apply(this, arguments); } catch (error) { report(error, where); }
    };
  }

  function makeEvent(name) {
    var handlers = [];
    return {
      addHandler: function (handler) { handlers.push(handler); return handler; },
      removeHandler: function (handler) {
        var at = handlers.indexOf(handler);
        if (at >= 0) handlers.splice(at, 1);
      },
      fire: function () {
        var args = arguments;
        handlers.slice().forEach(function (handler) {
          try { handler.apply(null, args); } catch (error) { report(error, 'a handler of ' + name); }
        });
      }
    };
  }

  var janrain = global.janrain = global.janrain || {};
  janrain.settings = janrain.settings || {};
  janrain.settings.capture = janrain.settings.capture || {};
  janrain.events = janrain.events || {};
  EVENT_NAMES.forEach(function (name) { janrain.events[name] = janrain.events[name] || makeEvent(name); });
  function fire(name, argument) { janrain.events[name].fire(argument); }

  function settings() {
    var capture = janrain.settings.capture || {};
    var server = String(capture.captureServer || '').replace(/\/+$/, '');
    return {
      server: server,
      clientId: capture.clientId || '',
      responseType: capture.responseType || 'token',
      redirectUri: capture.redirectUri || global.location.href.split('#')[0],
      recoverUri: capture.passwordRecoverUri || capture.redirectUri || global.location.href.split('#')[0],
      flow: capture.flowName || '',
      version: capture.flowVersion || 'HEAD',
      locale: janrain.settings.language || capture.locale || 'en-US'
    };
  }

  // The page's Capture server, as the widget calls it (a form post; JSON back).
  function call(path, fields) {
    var s = settings();
    if (!s.server) return Promise.reject(new Error('janrain.settings.capture.captureServer is not set'));
    var body = new URLSearchParams();
    Object.keys(fields).forEach(function (name) { if (fields[name] !== undefined) body.append(name, fields[name]); });
    return global.fetch(s.server + path, { method: 'POST', body: body, credentials: 'omit' }).then(function (response) {
      return response.json().catch(function () { return { stat: 'error', error: 'bad_response', error_description: 'HTTP ' + response.status }; });
    });
  }

  // Screens: elements with an id holding JTL, outermost only.
  var screens = {};
  function findScreens() {
    Array.prototype.forEach.call(document.querySelectorAll('[id]'), function (element) {
      if (screens[element.id] || !/\{\*[\s\S]*?\*\}/.test(element.innerHTML)) return;
      for (var up = element.parentElement; up; up = up.parentElement) { if (up.id && screens[up.id] === up) return; }
      screens[element.id] = element;
    });
  }

  function words(name) {
    return name.replace(/^.*_/, '').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, function (c) { return c.toUpperCase(); });
  }

  function escape(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; });
  }

  // One JTL tag as markup.
  function tag(name) {
    if (name === 'loginWidget') return socialBox();
    if (/^backButton$/i.test(name)) return '<button type="button" data-capture-back="true">Back</button>';
    if (/Button$/.test(name)) return '<button type="submit" name="' + escape(name) + '">' + escape(words(name.replace(/Button$/, ''))) + '</button>';
    if (/Data$/.test(name)) return '<span data-capture-data="' + escape(name.replace(/Data$/, '')) + '"></span>';
    var type = /password/i.test(name) ? 'password' : (/email/i.test(name) ? 'email' : 'text');
    return '<label class="capture_field">' + escape(words(name)) + ' <input name="' + escape(name) + '" type="' + type
      + '" data-capture-field="' + escape(name.replace(/^.*_/, '')) + '"></label>';
  }

  // Social sign-in: one button per provider the page lists, each starting Social Login in the view.
  function providers() {
    var list = janrain.settings.providers;
    return Array.isArray(list) && list.length ? list.map(String) : ['google', 'facebook'];
  }

  function socialBox() {
    return '<div class="capture_login_widget janrain-provider-list" data-capture-widget="login">' + providers().map(function (provider) {
      return '<button type="button" class="janrain-provider-icon-' + escape(provider) + '" data-janrain-provider="' + escape(provider) + '">'
        + escape(words(provider)) + '</button>';
    }).join('') + '</div>';
  }

  // Where Social Login sends its token: Capture's widget token URL (which signs in and goes back to
  // redirectUri), or, on a page without Capture, the page's own tokenUrl.
  function socialTokenUrl() {
    var s = settings();
    if (!s.server) {
      if (!janrain.settings.tokenUrl) throw new Error('janrain.settings.tokenUrl is not set: Social Login has nowhere to send the token');
      return String(janrain.settings.tokenUrl);
    }
    // A state of this page's own, checked when the sign-in comes back (RFC 6749 §10.12).
    var state = Array.prototype.map.call(global.crypto.getRandomValues(new Uint8Array(16)), function (b) { return (b + 256).toString(16).slice(1); }).join('');
    try { global.sessionStorage.setItem(SOCIAL_STATE_KEY, state); } catch (ignored) {}
    var query = new URLSearchParams({ client_id: s.clientId, redirect_uri: s.redirectUri, response_type: s.responseType,
                                      flow: s.flow, flow_version: s.version, locale: s.locale, state: state });
    return s.server + '/widget/token_url?' + query.toString();
  }

  function socialStart(provider) {
    var appUrl = String(janrain.settings.appUrl || '').replace(/\/+$/, '');
    if (!appUrl) throw new Error('janrain.settings.appUrl is not set: the social buttons need Social Login\'s address');
    var url = appUrl + '/' + encodeURIComponent(provider) + '/start?token_url=' + encodeURIComponent(socialTokenUrl())
      + '&language_preference=' + encodeURIComponent(janrain.settings.language || 'en');
    fire('onProviderLoginStart', { provider: provider });
    if (janrain.settings.popup === false) global.location.href = url;
    else global.open(url, 'janrainSocialLogin');
  }

  function wireSocial(root) {
    Array.prototype.forEach.call(root.querySelectorAll('[data-janrain-provider]'), function (button) {
      button.onclick = guarded('a social button', function (event) { event.preventDefault(); socialStart(button.getAttribute('data-janrain-provider')); });
    });
  }

  // The redirect flow's way back: redirectUri with the code or token, or the error (taken off the address
  // so that a reload does not sign in again). Only when the page asked for the redirect flow.
  function socialReturn() {
    if (!(janrain.settings.capture || {}).redirectFlow) return null;
    var params = new URLSearchParams(global.location.search);
    var returned = { code: params.get('code'), token: params.get('access_token'), error: params.get('error'),
                     description: params.get('error_description') };
    if (!returned.code && !returned.token && !returned.error) return null;
    var sent = null;
    try { sent = global.sessionStorage.getItem(SOCIAL_STATE_KEY); global.sessionStorage.removeItem(SOCIAL_STATE_KEY); } catch (ignored) {}
    if (!returned.error && (!sent || params.get('state') !== sent)) {
      returned = { error: 'invalid_state', description: 'the sign-in came back with a state this page did not send' };
    }
    ['code', 'access_token', 'error', 'error_description', 'state'].forEach(function (name) { params.delete(name); });
    var rest = params.toString();
    try { global.history.replaceState(null, '', global.location.pathname + (rest ? '?' + rest : '') + global.location.hash); } catch (ignored) {}
    return returned;
  }

  function finishSocial(returned, first) {
    var s = settings();
    if (returned.error) {
      if (returned.error === 'access_denied') fire('onProviderLoginCancel', { status: 'cancel', statusMessage: returned.description });
      fire('onCaptureLoginFailed', { action: 'socialSignin', status: 'error', statusMessage: returned.error, error: returned.error,
                                     errorDescription: returned.description });
      renderScreen(first);
      return;
    }
    var result = { action: 'socialSignin', oneTime: false, keepMe: false, flow: s.flow, version: s.version, status: 'success' };
    if (returned.code) result.authorizationCode = returned.code;
    if (!returned.token) { fire('onCaptureLoginSuccess', result); return; }
    result.accessToken = returned.token;
    call('/entity', { access_token: returned.token }).then(guarded('the social sign-in answer', function (answer) {
      if (answer.stat === 'ok') {
        signedIn({ access_token: returned.token, capture_user: answer.result });
        result.userData = answer.result;
      }
      fire('onCaptureLoginSuccess', result);
    }), function (error) { report(error, 'finishing the social sign-in'); });
  }

  function render(screen) {
    if (screen.getAttribute('data-standin-rendered')) return;
    // A form opens with {* #name *}, or with {* name *} where {* /name *} closes it (the profile flows' JTL).
    var closed = {}, closer = /\{\*\s*\/(\w+)\s*\*\}/g, match;
    while ((match = closer.exec(screen.innerHTML))) closed[match[1]] = true;
    screen.innerHTML = screen.innerHTML
      .replace(/\{\*\s*#?(\w+)\s*\*\}/g, function (whole, name) {
        return whole.indexOf('#') >= 0 || closed[name] ? '<form id="' + name + '" data-capture-form="' + name + '" class="capture_form" novalidate>' : whole;
      })
      .replace(/\{\*\s*\/(\w+)\s*\*\}/g, '<div class="capture_form_error" aria-live="polite"></div></form>')
      .replace(/\{\*\s*([\w-]+)\s*\*\}/g, function (_, name) { return tag(name); });
    screen.setAttribute('data-standin-rendered', 'true');
  }

  var current = null, screenHistory = [], user = null;

  function showData(screen) {
    Array.prototype.forEach.call(screen.querySelectorAll('[data-capture-data]'), function (element) {
      var key = element.getAttribute('data-capture-data');
      var value = user && (user[key] !== undefined ? user[key] : (/email/i.test(key) ? user.email : undefined));
      element.textContent = value === undefined || value === null ? '' : String(value);
    });
  }

  function renderScreen(name) {
    findScreens();
    var screen = screens[name];
    if (!screen) { report(new Error('the page has no screen with id "' + name + '"'), 'renderScreen'); return false; }
    var s = settings();
    fire('onCaptureRenderStart', { screen: name, flow: s.flow, version: s.version });
    if (current && current !== screen) { current.style.display = 'none'; screenHistory.push(current.id); }
    render(screen);
    wire(screen);
    showData(screen);
    screen.style.display = 'block';
    current = screen;
    fire('onCaptureRenderComplete', { screen: name, flow: s.flow, version: s.version, renderingBuiltInScreen: false });
    fire('onCaptureScreenShow', { screen: name, flow: s.flow });
    return true;
  }

  function wire(screen) {
    Array.prototype.forEach.call(screen.querySelectorAll('[data-capturescreen]'), function (link) {
      link.onclick = guarded('a screen link', function (event) { event.preventDefault(); renderScreen(link.getAttribute('data-capturescreen')); });
    });
    Array.prototype.forEach.call(screen.querySelectorAll('[data-capture-back]'), function (button) {
      button.onclick = guarded('the back button', function (event) {
        event.preventDefault();
        var previous = screenHistory.pop();
        if (previous) { renderScreen(previous); screenHistory.pop(); }
      });
    });
    wireSocial(screen);
    Array.prototype.forEach.call(screen.querySelectorAll('.capture_end_session'), function (link) {
      link.onclick = guarded('sign out', function (event) { event.preventDefault(); endCaptureSession(); });
    });
    Array.prototype.forEach.call(screen.querySelectorAll('form[data-capture-form]'), function (form) {
      form.onsubmit = guarded('a form submission', function (event) { event.preventDefault(); submitted(form); });
    });
  }

  function fieldOf(form, pattern, exclude) {
    return Array.prototype.filter.call(form.querySelectorAll('input[data-capture-field]'), function (input) {
      var name = input.getAttribute('data-capture-field');
      return pattern.test(name) && !(exclude && exclude.test(name));
    })[0];
  }

  // A form's job as its name says it, in this order; null when the name says nothing.
  var ROLES = [['forgotPassword', /forgot/i], ['registration', /regist/i], ['signIn', /signin|userinformation|authenticate|login/i],
               ['profile', /profile|edit|changePassword/i]];
  function roleByName(name) {
    for (var i = 0; i < ROLES.length; i++) { if (ROLES[i][1].test(name)) return ROLES[i][0]; }
    return null;
  }

  // A rendered form's job: by its name, else an e-mail and a password field (no new or confirm) sign in.
  function role(form) {
    var named = roleByName(form.getAttribute('data-capture-form'));
    if (named) return named;
    if (fieldOf(form, /email/i) && fieldOf(form, /password/i, /new|confirm/i) && !fieldOf(form, /confirm/i)) return 'signIn';
    return 'other';
  }

  function showErrors(form, messages) {
    var box = form.querySelector('.capture_form_error');
    if (box) box.textContent = messages.join(' ');
  }

  function messagesOf(answer) {
    var messages = [];
    var fields = answer.invalid_fields || {};
    Object.keys(fields).forEach(function (key) { messages = messages.concat(fields[key]); });
    return messages.length ? messages : [answer.error_description || answer.error || 'That did not work.'];
  }

  function credentialsOf(answer, s) {
    var result = { oneTime: false, keepMe: false, flow: s.flow, version: s.version, status: 'success' };
    if (answer.access_token) result.accessToken = answer.access_token;
    if (answer.authorization_code) result.authorizationCode = answer.authorization_code;
    if (answer.capture_user) result.userData = answer.capture_user;
    return result;
  }

  function submitted(form) {
    var s = settings(), name = form.getAttribute('data-capture-form');
    var email = (fieldOf(form, /email/i) || {}).value || '';
    switch (role(form)) {
      case 'signIn': {
        var password = (fieldOf(form, /password/i, /confirm/i) || {}).value || '';
        fire('onCaptureLoginStart', { action: 'traditionalSignin', screen: current && current.id, form: name, flow: s.flow });
        return call('/oauth/auth_native_traditional', {
          client_id: s.clientId, redirect_uri: s.redirectUri, response_type: s.responseType, flow: s.flow, flow_version: s.version,
          locale: s.locale, form: name, signInEmailAddress: email, currentPassword: password
        }).then(guarded('the sign-in answer', function (answer) {
          if (answer.stat !== 'ok') {
            showErrors(form, messagesOf(answer));
            fire('onCaptureLoginFailed', { action: 'traditionalSignin', status: 'error', statusMessage: answer.error, form: name,
                                           screen: current && current.id, error: answer.error, errorDescription: answer.error_description,
                                           invalidFields: answer.invalid_fields || {} });
            return;
          }
          signedIn(answer);
          if (janrain.standIn.legacyHandOff && answer.access_token) {
            global.location.href = 'janrain:accessToken=' + answer.access_token;
            return;
          }
          var result = credentialsOf(answer, s);
          result.action = 'traditionalSignin';
          result.screen = current && current.id;
          fire('onCaptureLoginSuccess', result);
        }), function (error) { report(error, 'signing in'); });
      }
      case 'registration': {
        var fields = { client_id: s.clientId, redirect_uri: s.redirectUri, response_type: s.responseType, flow: s.flow,
                       flow_version: s.version, locale: s.locale, form: name };
        Array.prototype.forEach.call(form.querySelectorAll('input[data-capture-field]'), function (input) {
          var field = input.getAttribute('data-capture-field');
          if (/email/i.test(field)) fields.emailAddress = input.value;
          else if (/confirm/i.test(field)) fields.newPasswordConfirm = input.value;
          else if (/password/i.test(field)) fields.newPassword = input.value;
          else fields[field] = input.value;
        });
        fire('onCaptureRegistrationStart', { action: 'traditionalRegistration', form: name, flow: s.flow });
        return call('/oauth/register_native_traditional', fields).then(guarded('the registration answer', function (answer) {
          if (answer.stat !== 'ok') {
            showErrors(form, messagesOf(answer));
            fire('onCaptureRegistrationFailed', { action: 'traditionalRegistration', status: 'error', statusMessage: answer.error,
                                                  form: name, invalidFields: answer.invalid_fields || {} });
            return;
          }
          signedIn(answer);
          var result = credentialsOf(answer, s);
          result.action = 'traditionalRegistration';
          result.screen = current && current.id;
          fire('onCaptureRegistrationSuccess', result);
        }), function (error) { report(error, 'registering'); });
      }
      case 'forgotPassword':
        return call('/oauth/forgot_password_native', {
          client_id: s.clientId, redirect_uri: s.recoverUri, flow: s.flow, flow_version: s.version, locale: s.locale,
          form: name, signInEmailAddress: email
        }).then(guarded('the forgot-password answer', function (answer) {
          if (answer.stat !== 'ok') {
            showErrors(form, messagesOf(answer));
            fire('onCaptureForgotPasswordCodeFailed', { action: 'forgotPassword', status: 'error', statusMessage: answer.error, form: name });
            return;
          }
          fire('onCaptureForgotPasswordCodeSuccess', { action: 'forgotPassword', status: 'success', form: name, screen: current && current.id });
          findScreens();
          if (screens.forgotPasswordSuccess) renderScreen('forgotPasswordSuccess');
        }), function (error) { report(error, 'asking for a reset link'); });
      case 'profile': {
        // A signed-in user's form: its fields saved through /entity.update with the session's token.
        var attributes = {}, currentPassword;
        var newPassword = fieldOf(form, /^newPassword$|^password$/i), confirm = fieldOf(form, /confirm/i);
        Array.prototype.forEach.call(form.querySelectorAll('input[data-capture-field]'), function (input) {
          var field = input.getAttribute('data-capture-field');
          if (/^currentPassword$/i.test(field)) currentPassword = input.value;
          // The stand-in does not fill the form from the record, so a field left empty is not saved.
          else if (!/password/i.test(field) && input.value !== '') attributes[SCHEMA_ATTRIBUTES[field] || field] = input.value;
        });
        if (newPassword) {
          if (confirm && confirm.value !== newPassword.value) {
            showErrors(form, ["Passwords don't match."]);
            fire('onCaptureProfileSaveFailed', { form: name, status: 'error', statusMessage: 'passwordsDoNotMatch' });
            return;
          }
          attributes = { password: newPassword.value };
        }
        return call('/entity.update', { access_token: storedToken() || '', attributes: JSON.stringify(attributes), current_password: currentPassword })
          .then(guarded('the profile save answer', function (answer) {
            if (answer.stat !== 'ok') {
              showErrors(form, messagesOf(answer));
              fire('onCaptureProfileSaveFailed', { form: name, status: 'error', statusMessage: answer.error, invalidFields: answer.invalid_fields || {} });
              return;
            }
            user = answer.result;
            showErrors(form, []);
            fire('onCaptureProfileSaveSuccess', { form: name, status: 'success', screen: current && current.id });
          }), function (error) { report(error, 'saving the profile'); });
      }
      default:
        fire('onCaptureSaveFailed', { form: name, status: 'error', statusMessage: 'not emulated: bridge serve has no endpoint for ' + name });
    }
  }

  function signedIn(answer) {
    if (answer.capture_user) user = answer.capture_user;
    if (answer.access_token) { try { global.localStorage.setItem(TOKEN_KEY, answer.access_token); } catch (ignored) {} }
  }

  // Sessions: an access token kept by the widget, checked at the Capture server.
  function checkSession(token) {
    return call('/entity', { access_token: token }).then(guarded('the session check', function (answer) {
      if (answer.stat === 'ok') {
        user = answer.result;
        fire('onCaptureSessionFound', { status: 'success', userData: answer.result });
        return true;
      }
      try { global.localStorage.removeItem(TOKEN_KEY); } catch (ignored) {}
      fire('onCaptureSessionNotFound', { status: 'error', statusMessage: answer.error });
      return false;
    }), function (error) { report(error, 'checking the session'); return false; });
  }

  function storedToken() {
    try { return global.localStorage.getItem(TOKEN_KEY); } catch (ignored) { return null; }
  }

  function endCaptureSession() {
    try { global.localStorage.removeItem(TOKEN_KEY); } catch (ignored) {}
    user = null;
    fire('onCaptureSessionEnded', { status: 'success' });
  }

  janrain.capture = janrain.capture || {};
  var ui = janrain.capture.ui = janrain.capture.ui || {};
  // The first screen: screenToRender, else signIn, else the first screen the page defines (a profile flow's).
  function firstScreen() {
    var capture = janrain.settings.capture || {};
    findScreens();
    if (capture.screenToRender) return capture.screenToRender;
    if (screens.signIn) return 'signIn';
    return Object.keys(screens)[0] || 'signIn';
  }

  // As the real widget, start() answers later: a page may add its handlers right after calling it.
  ui.start = guarded('janrain.capture.ui.start', function () {
    setTimeout(guarded('janrain.capture.ui.start', function () {
      var first = firstScreen(), token = storedToken(), returned = socialReturn();
      if (returned) {
        finishSocial(returned, first);
      } else if (sessionCheck) {
        // createCaptureSession(token) was called right after start(): its check is the session check.
        sessionCheck.then(function (found) { if (found) renderScreen(first); });
      } else if (token) {
        checkSession(token).then(function (found) { if (found) renderScreen(first); });
      } else {
        fire('onCaptureSessionNotFound', { status: 'success', statusMessage: 'noSession' });
        renderScreen(first);
      }
    }), 0);
  });
  ui.renderScreen = guarded('janrain.capture.ui.renderScreen', renderScreen);
  var sessionCheck = null;
  ui.createCaptureSession = guarded('janrain.capture.ui.createCaptureSession', function (token) {
    try { global.localStorage.setItem(TOKEN_KEY, token); } catch (ignored) {}
    sessionCheck = checkSession(token);
    return sessionCheck;
  });
  ui.endCaptureSession = guarded('janrain.capture.ui.endCaptureSession', endCaptureSession);
  ui.modal = ui.modal || { open: function () {}, close: function () {} };

  // The names of a screen's forms, rendered or still JTL.
  function formNames(screen) {
    if (screen.getAttribute('data-standin-rendered')) {
      return Array.prototype.map.call(screen.querySelectorAll('form[data-capture-form]'), function (form) { return form.getAttribute('data-capture-form'); });
    }
    var names = [], match = /\{\*\s*\/(\w+)\s*\*\}/g, m;  // every form has its closer
    while ((m = match.exec(screen.innerHTML))) names.push(m[1]);
    return names;
  }

  // The form doing `what` on any screen, its screen shown first. Only screens that may hold one are shown:
  // a form named for that job, or (for sign-in) a form whose name says nothing, judged by its fields.
  function formFor(what) {
    findScreens();
    var names = Object.keys(screens), found = null;
    names.forEach(function (name) {
      if (found) return;
      var screen = screens[name];
      var candidate = formNames(screen).some(function (form) {
        var named = roleByName(form);
        return named === what || (named === null && what === 'signIn');
      });
      if (!candidate) return;
      if (current !== screen) renderScreen(name);
      Array.prototype.forEach.call(screen.querySelectorAll('form[data-capture-form]'), function (form) {
        if (!found && role(form) === what) found = form;
      });
    });
    if (!found) throw new Error('the page has no ' + what + ' form in its screens (' + names.join(', ') + ')');
    return found;
  }

  function set(input, value) { if (input) input.value = value; }

  janrain.standIn = {
    legacyHandOff: false,
    // Fill the sign-in form as a user would and submit it.
    signIn: function (email, options) {
      options = options || {};
      janrain.standIn.legacyHandOff = !!options.legacy;
      var form = formFor('signIn');
      set(fieldOf(form, /email/i), email || 'ada@example.com');
      set(fieldOf(form, /password/i, /confirm/i), options.password || DEFAULT_PASSWORD);
      form.requestSubmit();
      return 'submitted';
    },
    register: function (details) {
      details = details || {};
      var form = formFor('registration');
      Array.prototype.forEach.call(form.querySelectorAll('input[data-capture-field]'), function (input) {
        var field = input.getAttribute('data-capture-field');
        if (/email/i.test(field)) input.value = details.email || 'grace@example.com';
        else if (/password/i.test(field)) input.value = details.password || 'flow-matic-1955';
        else if (/display/i.test(field)) input.value = details.displayName || 'Grace Hopper';
        else if (details[field] !== undefined) input.value = details[field];
      });
      form.requestSubmit();
      return 'submitted';
    },
    // Tap a provider's social button (the first one when none is named), its screen shown first.
    socialSignIn: function (provider) {
      var selector = provider ? '[data-janrain-provider="' + String(provider).replace(/["\\]/g, '') + '"]' : '[data-janrain-provider]';
      var button = document.querySelector(selector);
      if (!button) {
        findScreens();
        Object.keys(screens).some(function (name) {
          if (!/\{\*\s*loginWidget\s*\*\}|data-janrain-provider/.test(screens[name].innerHTML)) return false;
          if (current !== screens[name]) renderScreen(name);
          button = screens[name].querySelector(selector);
          return !!button;
        });
      }
      if (!button) throw new Error('the page has no social button' + (provider ? ' for ' + provider : '') + ' (providers: ' + providers().join(', ') + ')');
      button.click();
      return 'started';
    },
    forgotPassword: function (email) {
      var form = formFor('forgotPassword');
      set(fieldOf(form, /email/i), email || 'ada@example.com');
      form.requestSubmit();
      return 'submitted';
    }
  };

  // Like the real loader, wait for the document (the screens, and scripts such as the page's bridge
  // further down) before calling the page back.
  function loaded() {
    // Engage's embedded box gets the social buttons.
    var engage = document.getElementById('janrainEngageEmbed');
    if (engage && !engage.textContent.trim()) { engage.innerHTML = socialBox(); wireSocial(engage); }
    ['janrainWidgetOnload', 'janrainCaptureWidgetOnLoad'].forEach(function (name) {
      if (typeof global[name] !== 'function') return;
      try { global[name](); } catch (error) { report(error, name); }
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', loaded);
  else loaded();
})(window);
