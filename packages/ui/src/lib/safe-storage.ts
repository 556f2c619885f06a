/**
 * The browser's sessionStorage, which a browser may refuse: a page embedded in another site when third-party
 * storage is blocked (Safari, Firefox's strict mode, Chrome's « block third-party cookies »), or any page when
 * cookies are off. Then merely reading `window.sessionStorage` throws a SecurityError — and React Router's
 * scroll restoration script, run by every page, retries the storage inside its own `catch`, so the error went
 * uncaught (issue 22). Every access is guarded here, once: before any other script, a refused storage is
 * replaced by one held in memory for the page's life, marked as such.
 */

/** Marks the in-memory stand-in, so that code needing storage that outlives a reload can tell. */
const IN_MEMORY = '__guichetInMemory';

/**
 * The inline script that installs the stand-in when the storage is refused: first in the body, before React
 * Router's scripts. A plain string (not a function's `toString()`, which a bundler may rewrite with helpers
 * the page does not have), in syntax every browser runs.
 */
export const SESSION_STORAGE_FALLBACK_SCRIPT = `(function () {
  try { window.sessionStorage.getItem('${IN_MEMORY}'); return; } catch (refused) {}
  var items = {};
  var own = function (key) { return Object.prototype.hasOwnProperty.call(items, key); };
  var memory = {
    getItem: function (key) { return own(key) ? items[key] : null; },
    setItem: function (key, value) { items[key] = String(value); },
    removeItem: function (key) { delete items[key]; },
    clear: function () { items = {}; },
    key: function (index) { var keys = Object.keys(items); return index < keys.length ? keys[index] : null; },
    '${IN_MEMORY}': true
  };
  Object.defineProperty(memory, 'length', { get: function () { return Object.keys(items).length; } });
  try { Object.defineProperty(window, 'sessionStorage', { value: memory, configurable: true }); } catch (stuck) {}
})();`;

/**
 * The sessionStorage when it keeps what is written across reloads; null when it is refused or only the
 * in-memory stand-in (a guard that must survive a reload, such as the chunk reload's, cannot rely on it).
 */
export function persistentSessionStorage(win: Window = window): Storage | null {
  try {
    const storage = win.sessionStorage;
    return storage && !(IN_MEMORY in storage) ? storage : null;
  } catch {
    return null;
  }
}
