/*
 * stand-in/xdcomm.js: a local stand-in for Janrain's xdcomm.js, for bridge host (web/bridge-site.json maps
 * the CDN URL here). It runs in the app's xdcomm.html, which Capture's page loads in a frame with
 * "#callback=NAME" once it is done; being on the app's origin, it may call NAME on the app's page
 * (parent.parent: xdcomm.html in Capture's iframe in the app's page).
 */
(function () {
  'use strict';
  var fields = new URLSearchParams(location.hash.replace(/^#/, ''));
  var name = fields.get('callback');
  if (!name || !/^[A-Za-z_$][\w$]*$/.test(name)) return;
  var page = window.parent && window.parent.parent;
  if (page && typeof page[name] === 'function') page[name]();
})();
