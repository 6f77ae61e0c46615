/*
 * Fixtures/flows/demo-style/native-bridge.js: the page half of the Janrain native bridge as the first
 * demo pages wrote it (written here, not copied): every janrain.events.X queues
 * "janrain:X?arguments=<JSON array>" and signals with a hidden frame navigating to
 * janrain:eventsAvailable?<ms>. It never empties its queue: the app reads JSON.stringify(eventQueue) and
 * empties it itself. Only in an app (the user agent carries janrainNativeAppBridgeEnabled).
 */
function createJanrainBridge() {
  var inApp = /janrainNativeAppBridgeEnabled/.test(navigator.userAgent);
  var signal = document.createElement('iframe');
  signal.style.display = 'none';
  document.body.appendChild(signal);
  createJanrainBridge.eventQueue = [];
  Object.keys(janrain.events).forEach(function (name) {
    if (typeof janrain.events[name].addHandler !== 'function') return;
    janrain.events[name].addHandler(function () {
      var message;
      try {
        message = 'janrain:' + name + '?arguments=' + encodeURIComponent(JSON.stringify(Array.prototype.slice.call(arguments)));
      } catch (error) {
        message = 'janrain:' + name + '?error=' + encodeURIComponent(String(error));
      }
      if (!inApp) return;
      createJanrainBridge.eventQueue.push(message);
      signal.src = 'janrain:eventsAvailable?' + Date.now();
    });
  });
}
