// Guichet Pro's door control offline (docs/plans/0026 §5; registered by the scan page, apps/pro/app/door/offline.ts).
// Hand-written and small on purpose: it handles only what a scan page needs after a reload with no network —
//  - the scan pages themselves and their `.data` (network first, the cached copy after 3 s or when the network fails);
//  - /assets/* (fingerprinted by Vite, the zxing wasm included: cache first, they never change under a name) — only
//    those the scan page names, and those of an earlier build dropped then, so the cache holds one build's files;
//  - React Router's route discovery (/__manifest) and the app's manifest and icons (network first, cache fallback).
// Everything else (other pages, posts, the door's resource routes, whose data lives in IndexedDB) passes through.
// A new version of this file (a new `?v=` in DOOR_SW_URL, or a new VERSION) drops the previous caches on activate.
const VERSION = 'v1';
const PAGES = `guichet-controle-pages-${VERSION}`;
const ASSETS = `guichet-controle-assets-${VERSION}`;
const NETWORK_WAIT_MS = 3000;
const SCAN_PAGE = /^\/organisateurs\/\d+\/controle\/(billetteries|offres)\/\d+\/?(\.data)?$/;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('guichet-controle-') && name !== PAGES && name !== ASSETS) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

const isAsset = (url) => url.pathname.startsWith('/assets/');
const isKeptPage = (url) =>
  SCAN_PAGE.test(url.pathname) ||
  url.pathname === '/__manifest' ||
  url.pathname === '/manifest.webmanifest' ||
  url.pathname.startsWith('/icons/');

/** A page answer worth keeping: the page itself, not a redirect to the login page nor an error. */
const keepable = (response) => response.ok && !response.redirected && response.type === 'basic';

/** A kept asset, else the network: only what a scan page said it loaded is kept (see `keep` below). */
async function cacheFirst(request) {
  const cached = await (await caches.open(ASSETS)).match(request);
  return cached ?? fetch(request);
}

async function networkFirst(request, url) {
  const cache = await caches.open(PAGES);
  const fromCache = () =>
    // A `.data` request carries React Router's own query (`_routes`): the path is what names it here.
    cache.match(request, { ignoreSearch: url.pathname.endsWith('.data') });
  const network = fetch(request).then(async (response) => {
    if (keepable(response)) await cache.put(request, response.clone());
    return response;
  });
  // Served from the cache meanwhile, a network failure coming later is nobody's to handle.
  network.catch(() => {});
  const late = new Promise((resolve) => setTimeout(() => resolve('late'), NETWORK_WAIT_MS));
  try {
    const first = await Promise.race([network, late]);
    if (first !== 'late') return first;
    // Three seconds without an answer (a weak signal at the door): the kept copy now, if there is one.
    return (await fromCache()) ?? (await network);
  } catch {
    return (await fromCache()) ?? Response.error();
  }
}

/**
 * The installed app opens on /controle (or an organiser's list of scopes): with no network, the scan page
 * kept last is opened instead of the browser's offline page.
 */
const DOOR_START = /^\/(controle|organisateurs\/\d+\/controle)\/?$/;

async function doorStart(request) {
  try {
    return await fetch(request);
  } catch {
    const pages = await (await caches.open(PAGES)).keys();
    const last = pages
      .map((kept) => new URL(kept.url))
      .filter((url) => SCAN_PAGE.test(url.pathname) && !url.pathname.endsWith('.data'))
      .at(-1);
    return last ? Response.redirect(last.href, 302) : Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isAsset(url)) event.respondWith(cacheFirst(request));
  else if (isKeptPage(url)) event.respondWith(networkFirst(request, url));
  else if (request.mode === 'navigate' && DOOR_START.test(url.pathname)) event.respondWith(doorStart(request));
});

// The scan page, once loaded, names what it loaded: its address, its data, its scripts and styles, the wasm.
self.addEventListener('message', (event) => {
  const { data } = event;
  if (data?.type !== 'keep' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const [assets, pages] = await Promise.all([caches.open(ASSETS), caches.open(PAGES)]);
      await Promise.all(
        data.urls.map(async (address) => {
          try {
            const url = new URL(address, self.location.origin);
            if (url.origin !== self.location.origin) return;
            if (isAsset(url)) {
              if (!(await assets.match(url.href))) await assets.add(url.href);
            } else if (isKeptPage(url)) {
              const response = await fetch(url.href, { credentials: 'same-origin' });
              if (keepable(response)) await pages.put(url.href, response);
            }
          } catch {
            // One file not kept (offline meanwhile): the next visit online keeps it.
          }
        }),
      );
      // Files of an earlier build, no longer named by the page: let go.
      const named = new Set(data.urls.map((address) => new URL(address, self.location.origin).href));
      for (const request of await assets.keys()) {
        if (!named.has(request.url)) await assets.delete(request);
      }
    })(),
  );
});
