// Fixtures/flows/cross-origin/thrower.js: served as https://cdn.example.net/thrower.js; throws on line 3.
(function () {
  throw new Error('thrown from the CDN');
})();
