// Baalda's service worker. scripts/buildServiceWorker.mjs copies this file to out/sw.js after `next build`,
// replacing the placeholders below with { version, urls } for every file of the static export, and
// { cache, prefix, urls } for the sentence encoder's files (SEMW2).
const PRECACHE = self.__BAALDA_PRECACHE__;
const SEMANTIC = self.__BAALDA_SEMANTIC__;

const CACHE_PREFIX = 'baalda-shell-';
const SEMANTIC_CACHE_PREFIX = 'baalda-semantic-';
/** What the page posts (lib/search/semantic/warmSemanticFiles.ts) to have the encoder's files cached now. */
const WARM_SEMANTIC_FILES = 'warm-semantic-files';
const CACHE_NAME = `${CACHE_PREFIX}${PRECACHE.version}`;
const SHELL_URL = '/index.html';
const PRECACHED_PATHS = new Set(PRECACHE.urls);
// A network that hangs (rather than fails) must not keep the app from opening; after this, the cached shell wins.
const NAVIGATION_TIMEOUT_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(precacheAll().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(deleteOldCaches().then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // The API and the sync socket are the relay's live data: never answer them from a cache.
  if (url.origin !== self.location.origin || isRelayPath(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request));
  } else if (url.pathname.startsWith(SEMANTIC.prefix)) {
    event.respondWith(semanticCacheFirst(event));
  } else if (PRECACHED_PATHS.has(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});

// SEMW2: the page asks once it is idle and online, so the encoder's files are here before the network goes.
self.addEventListener('message', (event) => {
  if (event.data?.kind === WARM_SEMANTIC_FILES) event.waitUntil(warmSemanticFiles());
});

function isRelayPath(pathname) {
  return pathname.startsWith('/api/') || pathname === '/api' || pathname === '/sync' || pathname.startsWith('/sync/');
}

async function precacheAll() {
  const cache = await caches.open(CACHE_NAME);
  await Promise.all(
    PRECACHE.urls.map(async (url) => {
      // `reload` skips the HTTP cache, so a new version never stores an older build's file.
      const response = await fetch(url, { cache: 'reload' });
      if (!response.ok) throw new Error(`Precaching ${url} failed with ${response.status}`);
      await cache.put(url, await withoutRedirect(response));
    }),
  );
}

// Browsers refuse a redirected response as the answer to a navigation, so store a plain copy instead.
async function withoutRedirect(response) {
  if (!response.redirected) return response;
  const body = await response.blob();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function deleteOldCaches() {
  const current = new Set([CACHE_NAME, SEMANTIC.cache]);
  const isOld = (name) =>
    (name.startsWith(CACHE_PREFIX) || name.startsWith(SEMANTIC_CACHE_PREFIX)) && !current.has(name);
  const names = await caches.keys();
  await Promise.all(names.filter(isOld).map((name) => caches.delete(name)));
}

// SEMW2: the encoder's files are kept once fetched, apart from the shell: a new build of the app keeps them
// unless the files themselves changed (the cache's name is their content hash).
async function semanticCacheFirst(event) {
  const cache = await caches.open(SEMANTIC.cache);
  const path = new URL(event.request.url).pathname;
  const cached = await cache.match(path);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.ok && SEMANTIC.urls.includes(path)) event.waitUntil(cache.put(path, response.clone()));
  return response;
}

// One file at a time: the warm-up runs in the background and must not crowd out the app's own requests.
async function warmSemanticFiles() {
  const cache = await caches.open(SEMANTIC.cache);
  for (const url of SEMANTIC.urls) {
    if (await cache.match(url)) continue;
    const response = await fetch(url, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`Caching ${url} failed with ${response.status}`);
    await cache.put(url, response);
  }
}

async function networkFirst(request) {
  try {
    return await fetchWithin(request, NAVIGATION_TIMEOUT_MS);
  } catch {
    const cache = await caches.open(CACHE_NAME);
    // ignoreSearch: `/?note=<id>` must open offline from the same cached page as `/`.
    const cached = (await cache.match(request, { ignoreSearch: true })) ?? (await cache.match(SHELL_URL));
    return cached ?? Response.error();
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE_NAME);
  return (await cache.match(request)) ?? fetch(request);
}

function fetchWithin(request, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('navigation timed out')), timeoutMs);
    fetch(request).then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
