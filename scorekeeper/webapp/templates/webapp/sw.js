// The table app's service worker: serves the app shell and its static files from a cache so
// the app starts and takes hands with the network off. The API is never cached here: the
// page keeps games and its outbox in IndexedDB.
const VERSION = {{ version|safe }};
const CACHE = `euchre-shell-${VERSION}`;
const PRECACHE = {{ precache|safe }};
const PRECACHED = new Set(PRECACHE);
// The paths that show the app (keep in step with scorekeeper/webapp/urls.py).
const APP_ROUTE = /^\/(?:new\/|referee\/|table\/(?:(?:referee|log)\/)?|t\/[A-Za-z0-9]{1,12}\/?|g\/[0-9a-f-]{36}\/(?:(?:referee|log|share)\/)?)?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" }))),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("euchre-shell-") && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// A page offers "update available"; when the player accepts, the waiting worker takes over.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

async function fromCache(key, request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && APP_ROUTE.test(url.pathname)) {
    event.respondWith(fromCache("/", request));
  } else if (PRECACHED.has(url.pathname)) {
    event.respondWith(fromCache(url.pathname, request));
  }
});
