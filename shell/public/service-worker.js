// Service worker: makes the site installable and keeps working on a flaky network.
// Navigations go to the network first (the shell must always see the newest /remotes.json and
// index.html), falling back to the cached page offline. Content-hashed files are immutable, so
// they are served from the cache once fetched. API calls, manifests and remote entries are never
// cached: a swapped remote must reach users on their next load.
const CACHE = 'site-shell-v1';
const NEVER_CACHE = [/^\/wps\//, /^\/lgw\//, /^\/remotes\.json$/, /mf-manifest\.json$/, /remoteEntry\.js$/, /^\/healthz$/, /^\/docs/];
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(['/', '/manifest.webmanifest', '/icons/icon.svg'])).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key)))).then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER_CACHE.some((pattern) => pattern.test(url.pathname))) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone();
          if (response.ok) caches.open(CACHE).then((cache) => cache.put('/', copy));
          return response;
        })
        .catch(() => caches.match('/')),
    );
    return;
  }

  if (HASHED.test(url.pathname)) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            const copy = response.clone();
            if (response.ok) caches.open(CACHE).then((cache) => cache.put(request, copy));
            return response;
          }),
      ),
    );
  }
});
