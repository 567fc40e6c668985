// Boonees service worker: push notifications and an offline page. Plain JavaScript, no build step.
// The server sends title, body and link already in the collector's language (server/notify/push-sender.ts).
const OFFLINE_CACHE = "boonees-offline-v1";
const OFFLINE_URL = "/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.addAll([OFFLINE_URL, "/icons/icon-192.png"]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== OFFLINE_CACHE).map((key) => caches.delete(key))))
      // the page request starts while the worker is still starting up (a tap on a slow phone must not wait for it)
      .then(() => self.registration.navigationPreload && self.registration.navigationPreload.enable())
      .then(() => self.clients.claim()),
  );
});

// Pages come from the network as always; only when it fails does the offline page answer.
self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate") return;
  if (event.request.method !== "GET") {
    // A form sent on a signal too weak to carry it (the phone thinks it is online): the offline page would
    // wipe what was typed. 204 keeps the page as it is, and the page is told, so it holds the form and sends
    // it again (app/lib/keep-forms-offline.ts).
    event.respondWith(fetch(event.request).catch(() => formNotSent().then(() => new Response(null, { status: 204 }))));
    return;
  }
  event.respondWith(
    Promise.resolve(event.preloadResponse)
      .then((preloaded) => preloaded || fetch(event.request))
      .catch(() => caches.match(OFFLINE_URL)),
  );
});

function formNotSent() {
  return self.clients
    .matchAll({ type: "window" })
    .then((windows) => windows.forEach((w) => w.postMessage({ type: "boonees:offline" })))
    .catch(() => {});
}

function readPayload(data) {
  if (!data) return {};
  try {
    return data.json();
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener("push", (event) => {
  const payload = readPayload(event.data);
  const link = new URL(payload.link || "/notifications", self.location.origin);
  const sameSite = link.origin === self.location.origin ? link.href : new URL("/notifications", self.location.origin).href;
  event.waitUntil(
    self.registration.showNotification(payload.title || "Boonees", {
      body: payload.body || "",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { link: sameSite },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const link = (event.notification.data && event.notification.data.link) || "/notifications";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === link && "focus" in w);
      return open ? open.focus() : self.clients.openWindow(link);
    }),
  );
});
