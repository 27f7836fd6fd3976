/* The book's service worker: after one visit, the whole site works with the network off.

   book/_ext/offline/offline.py writes this file at the site's root with EDITION (a hash
   of every file the site serves) and FILES (those files, relative to this one). When a
   page registers it (book/_ext/live/live.js), the browser downloads the whole edition
   into one cache; from then on every request for one of the site's own files is answered
   from that cache, Python's files included, so every page reads and every playable slot
   starts without a network. A new edition is a new sw.js (its EDITION differs): the
   browser installs it beside the old one, fills its cache, and the old cache is deleted
   once it takes over. It is registered for two scopes (see live.js). A query string never names another file on a static site
   (?deal=..., ?v=digest), so it is ignored when looking a file up. */
"use strict";

const EDITION = "@EDITION@";
const FILES = @FILES@;
const PREFIX = "hearts-teach-";
const CACHE = PREFIX + EDITION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.keys().then((kept) =>
          // Registered for two scopes (book/ and lite/), the second install finds the
          // edition already kept. "no-cache": the browser may reuse what the visit has
          // just downloaded once the server says it is this edition's (a 304), never a
          // file of an older edition.
          kept.length >= FILES.length
            ? null
            : cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" }))),
        ),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function notFound() {
  return new Response("Not in this edition of the book.", {
    status: 404,
    statusText: "Not Found",
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" && request.method !== "HEAD") return;
  if (new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    // Any edition's cache: the worker of the other scope may be a step behind, until
    // the browser updates it too, and the newest edition is then the one kept.
    caches
      .match(request.url, { ignoreSearch: true })
      .then((kept) => {
        if (!kept) {
          // Not one of the edition's files: the server decides (and without a network,
          // the file is not there, as a static server would say).
          return fetch(request).catch(notFound);
        }
        if (request.method === "HEAD") {
          return new Response(null, { status: kept.status, headers: kept.headers });
        }
        return kept;
      }),
  );
});
