/**
 * The scan page offline: the hand-written service worker (public/door-sw.js) registered for the whole site,
 * then handed what this page loaded — its own address and data, its scripts and styles under /assets, the
 * zxing wasm, the routes' manifest patches — so that a reload with no network shows the page again.
 */
import { zxingWasmUrl } from './decoder';

/** Bumped when door-sw.js changes: the browser installs the new worker, which drops the old caches. */
export const DOOR_SW_URL = '/door-sw.js?v=1';

function loadedUrls(): string[] {
  const urls = new Set<string>([location.pathname, `${location.pathname}.data`, zxingWasmUrl, '/manifest.webmanifest']);
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name, location.href);
    if (url.origin !== location.origin) continue;
    if (url.pathname.startsWith('/assets/') || url.pathname === '/__manifest' || url.pathname.startsWith('/icons/')) {
      urls.add(url.pathname + url.search);
    }
  }
  for (const element of document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href]')) {
    const address = element instanceof HTMLScriptElement ? element.src : element.href;
    const url = new URL(address, location.href);
    if (url.origin === location.origin && url.pathname.startsWith('/assets/')) urls.add(url.pathname + url.search);
  }
  return [...urls];
}

export async function keepPageOffline(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register(DOOR_SW_URL, { scope: '/' });
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ type: 'keep', urls: loadedUrls() });
  } catch {
    // No service worker (private browsing, an old browser): the page works, online only after a reload.
  }
}
