// Service worker: makes the site installable, starts repeat visits from the cache, and keeps the
// site's shell working offline.
//   - Installing, it caches the shell: the page (/), and the files the page names (main.js with
//     its build hash, boot.css), with the manifest and the icon.
//   - Navigations go to the network first, so a deploy of the shell reaches the player on the next
//     load; the cached page answers only when the network does not.
//   - The remote list (/remotes.json, per merchant), the remotes' manifests and entries are never
//     cached: a deployed or swapped remote reaches players on their next load.
//   - Content-hashed files (chunks, and files asked for with their build hash: main.js?<hash>)
//     never change: served from the cache once fetched, the network only the first time.
//   - The API is never cached.
const CACHE = 'site-shell-v2';
const SHELL_FILES = ['/', '/boot.css', '/manifest.webmanifest', '/icons/icon.svg'];
const NEVER_CACHE = [/^\/wps\//, /^\/lgw\//, /^\/remotes\.json$/, /mf-manifest\.json$/, /remoteEntry\.js$/, /^\/healthz$/, /^\/docs/, /^\/service-worker\.js$/];
const NETWORK_FIRST = [/^\/boot\.css$/, /^\/manifest\.webmanifest$/];
const HASHED_NAME = /[.-][0-9a-f]{8,}\.(js|css|woff2?|svg|png)$/;
const HASHED_QUERY = /^\?[0-9a-f]{8,}$/;

/** The scripts and stylesheets index.html names (the page's own start-up files). */
function filesNamedBy(html) {
  const files = [];
  for (const match of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)=["']?([^"'\s>]+)/g)) {
    const url = new URL(match[1], self.location.origin);
    if (url.origin === self.location.origin && /\.(js|css)$/.test(url.pathname)) files.push(url.pathname + url.search);
  }
  return files;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(SHELL_FILES);
      const page = await cache.match('/');
      if (page) await cache.addAll(filesNamedBy(await page.text()).filter((file) => !SHELL_FILES.includes(file)));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key)))).then(() => self.clients.claim()),
  );
});

/** The network's answer (kept for offline use when it is good), else the cached one. */
async function networkFirst(request, cacheKey = request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(cacheKey, copy));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(cacheKey);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER_CACHE.some((pattern) => pattern.test(url.pathname))) return;

  if (request.mode === 'navigate') {
    // Every route is the same page: one cached copy of it, the newest the network gave.
    event.respondWith(networkFirst(request, '/'));
    return;
  }
  if (NETWORK_FIRST.some((pattern) => pattern.test(url.pathname))) {
    event.respondWith(networkFirst(request));
    return;
  }
  if (HASHED_NAME.test(url.pathname) || HASHED_QUERY.test(url.search)) {
    event.respondWith(cacheFirst(request));
  }
});
