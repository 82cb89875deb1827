// Koma's service worker: keeps the whole app in one cache named after the build, so that it
// starts and plays with no network. The build (web/pwa/build-sw.mjs, a Trunk post-build hook)
// writes this file into dist/ with VERSION (a hash of every file's content) and FILES (every
// file of the build, relative to this script) filled in.
//
// - install: every file is fetched afresh (bypassing the HTTP cache) into `koma-<VERSION>`;
//   a new version then waits, so a game in progress never changes under the player: the page
//   shows "a new version is ready" and sends {kind: "skip-waiting"} when the player reloads.
// - activate: the caches of other versions are deleted.
// - fetch: the origin's GET requests are answered from the cache (a navigation by the app's
//   page, whatever its query), anything missing from the network; nothing else is touched, and
//   online play's API (`api/`, its sockets included) never goes near the cache.
"use strict";

const VERSION = "__KOMA_VERSION__";
const FILES = __KOMA_FILES__;
const CACHE = `koma-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" })))),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith("koma-") && k !== CACHE).map((k) => caches.delete(k)),
        ),
      ),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.kind === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.includes("/api/")) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit =
        (await cache.match(request, { ignoreSearch: request.mode === "navigate" })) ??
        (request.mode === "navigate" ? await cache.match("./") : undefined);
      return hit ?? fetch(request);
    })(),
  );
});
