/*
 * bridge.js: the page side of the Janrain native bridge, speaking the protocol as Janrain shipped it
 * (DESIGN.md, "Janrain's own bridge, as shipped"), so existing native code and `bridge` both understand it:
 *
 *   - Only in an app: the user agent must contain "janrainNativeAppBridgeEnabled".
 *   - Every janrain.events.X gets a handler that queues
 *       "janrain:" + X + "?arguments=" + encodeURIComponent(JSON.stringify([arg, ...]))
 *     (an array, never the first version's {"0": ...} object), or "janrain:" + X + "?error=" + message
 *     when the arguments cannot be stringified (a cycle), so the app learns that an event was lost.
 *   - After queueing it signals with a hidden iframe navigating to "janrain:eventsAvailable?<ms>".
 *   - The app drains with createJanrainBridge.drain() (or, as shipped, by reading
 *     JSON.stringify(createJanrainBridge.eventQueue) and emptying it). drain() returns the queue and
 *     empties it in one step, so no event is dispatched twice (the shipped Android side never cleared it).
 */
(function (global) {
  'use strict';

  var SIGNAL_FRAME_ID = 'janrain-bridge-signal';

  function enabled() {
    return typeof navigator !== 'undefined' && /janrainNativeAppBridgeEnabled/.test(navigator.userAgent || '');
  }

  function messageFor(eventName, args) {
    try {
      return 'janrain:' + eventName + '?arguments=' + encodeURIComponent(JSON.stringify(Array.prototype.slice.call(args)));
    } catch (error) {
      return 'janrain:' + eventName + '?error=' + encodeURIComponent(String(error && error.message || error));
    }
  }

  function signal() {
    var frame = document.getElementById(SIGNAL_FRAME_ID);
    if (!frame) {
      frame = document.createElement('iframe');
      frame.id = SIGNAL_FRAME_ID;
      frame.style.display = 'none';
      frame.setAttribute('aria-hidden', 'true');
      document.body.appendChild(frame);
    }
    frame.src = 'janrain:eventsAvailable?' + Date.now();
  }

  function createJanrainBridge() {
    if (!enabled() || createJanrainBridge.installed) return false;
    var events = global.janrain && global.janrain.events;
    if (!events) return false;
    Object.keys(events).forEach(function (eventName) {
      var event = events[eventName];
      if (!event || typeof event.addHandler !== 'function') return;
      event.addHandler(function () {
        createJanrainBridge.eventQueue.push(messageFor(eventName, arguments));
        signal();
      });
    });
    createJanrainBridge.installed = true;
    return true;
  }

  createJanrainBridge.eventQueue = [];
  createJanrainBridge.installed = false;

  // Returns the queued messages as a JSON array and empties the queue in the same step.
  createJanrainBridge.drain = function () {
    var queued = createJanrainBridge.eventQueue;
    createJanrainBridge.eventQueue = [];
    return JSON.stringify(queued);
  };

  global.createJanrainBridge = createJanrainBridge;
})(window);
