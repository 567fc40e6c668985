import { randomBytes, randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { fileTypeFromBuffer } from "file-type";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { streamSSE } from "hono/streaming";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";

import { mayOpen, policyOf } from "#shared/route-policy.ts";

import { apiGate, isReadApiPath } from "./api/api-gate.ts";
import { CLIENT_IP_HEADER } from "./auth/auth.ts";
import { loadViewer } from "./auth/viewer.ts";
import { isValidControlToken } from "./backup.ts";
import { claimFastPath } from "./claim-fast-path.ts";
import { createClientAddress } from "./client-address.ts";
import { contentSecurityPolicy, nonceSource } from "./content-security-policy.ts";
import { dumpEmbedded } from "./db/snapshot.ts";
import { addressKey } from "./domain/address-key.ts";
import { DomainError } from "./domain/errors.ts";
import { mediaPolicy, type MediaPolicy } from "./domain/media-access.ts";
import { formTypeRefusal } from "./form-request.ts";
import { logError, redactPath, REQUEST_ID_HEADER } from "./log-error.ts";
import { bearerMatches } from "./metrics/bearer.ts";
import { createRouteLabel } from "./metrics/route-label.ts";
import { createPublicPageCache } from "./page-cache/public-page-cache.ts";
import { CACHE_STATUS_HEADER } from "./page-cache/shared-page.ts";
import { checkReadiness } from "./readiness.ts";
import { createDropEvents } from "./realtime/drop-events.ts";
import { sessionActive } from "./realtime/hub.ts";
import { createStreamSlots, STREAMS_PER_ADDRESS } from "./realtime/stream-slots.ts";
import type { ClaimHandoff } from "./router-context.ts";
import type { Services } from "./services.ts";

const UPLOAD_BODY = 110 * 1024 * 1024; // the largest upload (a 100 MB video) plus form overhead
const FORM_BODY = 64 * 1024; // every other form: text fields only
// Which routes take files is their row in shared/route-policy.ts (`uploads`): the admin's pages (pictures,
// videos) and finder photos (up to 3 images of 10 MB each plus form overhead, for any signed-in user; the
// domain function checks that the story is theirs).
const PHOTO_BODY = 31 * 1024 * 1024;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

async function databaseReachable(services: Services) {
  try {
    await Promise.race([
      services.database.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2_000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

/** The page shown while the database cannot be reached (e.g. PostgreSQL restarting); the app recovers by itself. */
function unavailable() {
  const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Kurz nicht erreichbar · Boonees</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#fff8ee;color:#23153f;font:16px/1.5 system-ui,sans-serif;text-align:center}main{padding:24px;max-width:28rem}h1{font-size:1.6rem;margin:.2em 0}p{color:#5d5070}a{display:inline-block;margin-top:16px;padding:10px 20px;border-radius:999px;background:#6b3fd1;color:#fff;text-decoration:none;font-weight:700}</style></head>
<body><main><div style="font-size:64px" aria-hidden="true">👾</div><h1>Kurz nicht erreichbar</h1><p>Der Dienst ist gerade nicht erreichbar. Bitte versuche es in ein paar Sekunden erneut.</p>
<p lang="en">Briefly unavailable: please try again in a few seconds.</p><a href="">Neu laden / Reload</a></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { "content-type": "text/html; charset=utf-8", "retry-after": "5", "cache-control": "no-store" },
  });
}

export { redactPath };

export interface HttpApp {
  app: Hono;
  /** Ends open event streams (for shutdown). */
  closeStreams: () => void;
}

export interface HttpAppOptions {
  /** The built browser files (build/client); unset in development, where Vite serves them. */
  clientDir?: string;
  /** The shared page cache for signed-out visitors (default on); off in development so every edit shows. */
  pageCache?: boolean;
  /** The signed-in claim answered before React Router (decision 038; default on); off in tests that compare it with the page's action. */
  claimFastPath?: boolean;
}

/**
 * `build` is the built app (server/main.ts), or in development a function that loads the current
 * one from Vite for each request (server/dev.ts), so edits show without a restart.
 */
export function createHttpApp(
  services: Services,
  build: ServerBuild | (() => Promise<ServerBuild>),
  opts: HttpAppOptions,
): HttpApp {
  const app = new Hono();
  const handle = createRequestHandler(build, process.env.NODE_ENV === "development" ? "development" : "production");
  // The React Router bundle has its own copy of server/router-context.ts; its entry exports the keys it uses.
  type Key = Parameters<RouterContextProvider["set"]>[0];
  type Keys = { servicesContext: Key; nonceContext: Key; claimHandoffContext: Key };
  const keysOf = (b: ServerBuild) => b.entry.module as unknown as Keys;
  const builtKeys = typeof build === "function" ? null : keysOf(build);
  const publicOrigin = new URL(services.config.PUBLIC_URL).origin;
  const openStreams = new Set<() => void>();
  const publicPages = createPublicPageCache(services);
  const streamSlots = createStreamSlots();
  const dropEvents = createDropEvents(services.database);
  // signed-out streams have their own budget per address (one key: the address)
  const dropStreamSlots = createStreamSlots({ perUser: STREAMS_PER_ADDRESS, perAddress: STREAMS_PER_ADDRESS });
  // Metric labels name the route pattern, never the path (codes are in paths); in development per build.
  let routeLabel = typeof build === "function" ? null : createRouteLabel(build);
  const routeOfRequest = async (path: string) =>
    (routeLabel ??= createRouteLabel(await (build as () => Promise<ServerBuild>)()))(path);
  const clientAddress = createClientAddress({
    header: services.config.CLIENT_IP_HEADER,
    trustedProxies: services.config.TRUSTED_PROXIES,
    log: services.log,
  });

  // The read API is meant for other sites (decision 050): its answers say cross-origin, set after the security headers'.
  app.use(async (c, next) => {
    await next();
    if (isReadApiPath(c.req.path))
      try {
        c.res.headers.set("cross-origin-resource-policy", "cross-origin");
      } catch {} // a response with immutable headers
  });
  app.use(
    secureHeaders({
      xFrameOptions: "DENY",
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: publicOrigin.startsWith("https:") ? "max-age=31536000; includeSubDomains" : false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: "same-origin",
    }),
  );

  // Our internal headers, set on the request (whatever the client sent in them is replaced): a
  // request id for the error log and the user's report, and the client address, from
  // CLIENT_IP_HEADER when a trusted proxy sent it, else the socket. Set in place: a request's headers
  // are mutable on the server (no fetch guard), and copying every request was a measurable part of a claim.
  app.use(async (c, next) => {
    const requestId = randomUUID();
    const headers = c.req.raw.headers;
    headers.set(CLIENT_IP_HEADER, clientAddress(getConnInfo(c).remote.address, headers));
    headers.set(REQUEST_ID_HEADER, requestId);
    await next();
    try {
      c.res.headers.set("x-request-id", requestId);
    } catch {} // a response with immutable headers
  });

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const entry = {
      method: c.req.method,
      path: redactPath(c.req.path),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
      requestId: c.req.header(REQUEST_ID_HEADER),
    };
    if (c.res.status >= 500) services.log.warn(entry, "request");
    else services.log.debug(entry, "request");
    services.metrics.request(
      c.req.method,
      await routeOfRequest(c.req.path),
      c.res.status,
      (performance.now() - started) / 1000,
    );
    services.metrics.pageCache(c.res.headers.get(CACHE_STATUS_HEADER));
  });

  // CSRF: a state-changing request must come from our own pages. One-click unsubscribe comes from
  // mail clients without an Origin; the token in its link is the permission (RFC 8058).
  app.use(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path === "/internal/backup" || c.req.path === "/unsubscribe")
      return next();
    const origin = c.req.header("origin");
    const own = new URL(c.req.url).origin;
    if (!origin || (origin !== publicOrigin && origin !== own)) {
      return c.text("Forbidden: cross-origin request", 403);
    }
    return next();
  });

  // Every action reads a form: no body type, other bodies (JSON, XML, text …), a look-alike type and
  // multipart without a boundary are refused before they reach one, the claim fast path included
  // (server/form-request.ts; a body that does not parse is refused by readForm in each action).
  app.use(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path === "/internal/backup") return next();
    const refused = formTypeRefusal(c.req.header("content-type"));
    if (refused) return c.text(refused.message, refused.status, { "cache-control": "no-store" });
    return next();
  });

  app.use(publicPages.invalidateAfterWrite);

  // Bodies by route, refused before they are read: 64 KB for forms; the upload pages only for an
  // admin, finder photos for anyone signed in (the session is checked before the body is read: 401
  // signed out, 403 for anyone else).
  const tooLarge = (c: Context) => c.text("Payload too large", 413);
  const formLimit = bodyLimit({ maxSize: FORM_BODY, onError: tooLarge });
  const uploadLimit = bodyLimit({ maxSize: UPLOAD_BODY, onError: tooLarge });
  const photoLimit = bodyLimit({ maxSize: PHOTO_BODY, onError: tooLarge });
  app.use(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const { uploads } = policyOf(c.req.path);
    if (!uploads) return formLimit(c, next);
    const { viewer, headers } = await loadViewer(services, c.req.raw);
    // an expired session's answer clears its cookie, as every other route's does
    if (!viewer)
      return new Response("Unauthorized", {
        status: 401,
        headers: [
          ...headers.getSetCookie().map((v): [string, string] => ["set-cookie", v]),
          ["content-type", "text/plain; charset=utf-8"],
        ],
      });
    if (uploads === "photos") return photoLimit(c, next);
    if (!mayOpen(viewer.role, c.req.path)) return c.text("Forbidden", 403);
    return uploadLimit(c, next);
  });

  app.onError(async (err, c) => {
    logError(services.log, err, { request: c.req.raw });
    if (!(await databaseReachable(services))) return unavailable();
    return c.text("Internal Server Error", 500);
  });

  // sharedStorage false: uploads live on this instance only (no S3_BUCKET), see the start-up warning
  app.get("/healthz", async (c) => {
    const storage = { storage: services.storage.kind, sharedStorage: services.storage.kind === "s3" };
    try {
      await services.database.ping();
      return c.json({ ok: true, ...storage });
    } catch {
      return c.json({ ok: false, ...storage }, 503);
    }
  });

  // For a load balancer: can this instance serve (database, migrations, storage)? 503 names what is not.
  app.get("/readyz", async (c) => {
    const readiness = await checkReadiness(services);
    return c.json(readiness, readiness.ok ? 200 : 503, { "cache-control": "no-store" });
  });

  // Prometheus metrics of this instance; only with METRICS_TOKEN as a bearer token, absent without one.
  app.get("/metrics", async (c) => {
    const token = services.config.METRICS_TOKEN;
    if (!token) return c.text("Not found", 404);
    if (!bearerMatches(c.req.header("authorization"), token)) {
      return c.text("Unauthorized", 401, { "www-authenticate": 'Bearer realm="metrics"', "cache-control": "no-store" });
    }
    const { registry } = services.metrics;
    return c.body(await registry.metrics(), 200, { "content-type": registry.contentType, "cache-control": "no-store" });
  });

  // The CLI's backup asks the process that holds the embedded database (a second open would corrupt it).
  app.post("/internal/backup", async (c) => {
    const address = getConnInfo(c).remote.address ?? "";
    const loopback = address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
    if (!loopback || !isValidControlToken(services.sessionSecret, c.req.header("x-boonees-control")))
      return c.text("Forbidden", 403);
    const dump = await dumpEmbedded(services.database);
    return new Response(dump.stream(), { headers: { "content-type": "application/gzip" } });
  });

  // Who may fetch an upload and how it is cached: server/domain/media-access.ts (mediaPolicy).
  app.get("/uploads/*", async (c) => {
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.slice("/uploads/".length));
    } catch {
      return c.text("Not found", 404);
    }
    let policy: MediaPolicy;
    try {
      policy = await mediaPolicy(services.db, async () => (await loadViewer(services, c.req.raw)).viewer, key);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      // 403 signed out too: a session cookie is not HTTP authentication (401 would need WWW-Authenticate);
      // a hidden finder photo is 404, as if the file were gone
      return e.code === "notFound"
        ? c.text("Not found", 404, { "cache-control": "no-store" })
        : c.text("Forbidden", 403, { "cache-control": "private, no-store", vary: "cookie" });
    }
    const object = await services.storage.get(key);
    if (!object) return c.text("Not found", 404);
    const [head, rest] = object.body.tee();
    const reader = head.getReader();
    const first = await reader.read();
    reader.cancel().catch(() => {});
    const sniffed = first.value ? await fileTypeFromBuffer(first.value) : undefined;
    const type = sniffed?.mime ?? "application/octet-stream";
    const inline = /^(image|video)\//.test(type);
    return new Response(rest, {
      headers: {
        "content-type": type,
        "content-length": String(object.size),
        "cache-control": policy.cacheControl,
        ...(policy.varyCookie ? { vary: "cookie" } : {}),
        "x-content-type-options": "nosniff",
        "content-disposition": inline ? "inline" : "attachment",
        "content-security-policy": "default-src 'none'; sandbox",
      },
    });
  });

  app.get("/api/events", async (c) => {
    const { viewer } = await loadViewer(services, c.req.raw);
    if (!viewer) return c.text("Unauthorized", 401);
    const release = streamSlots.take(viewer.id, addressKey(c.req.header(CLIENT_IP_HEADER) ?? "unknown"));
    if (!release) return c.text("Too many open event streams", 429, { "retry-after": "30" });
    return streamSSE(c, async (stream) => {
      let closed = false;
      let close = () => {};
      const counted = services.metrics.streamOpened("unread");
      const done = new Promise<void>((resolve) => {
        close = () => {
          if (closed) return;
          closed = true;
          release();
          counted();
          openStreams.delete(close);
          resolve();
        };
        openStreams.add(close);
        stream.onAbort(close);
      });
      // A stream lives only as long as its session: once the session is revoked (sign out
      // everywhere, account deleted) or expired, the next event or heartbeat ends it, and the
      // browser's reconnect must bring a valid session. Writes are chained so counts keep their order.
      let queue = Promise.resolve();
      const write = (event: string, data: string) => {
        queue = queue
          .then(async () => {
            if (closed) return;
            if (!(await sessionActive(services.database, viewer.sessionId).catch(() => true))) return close();
            await stream.writeSSE({ event, data });
          })
          .catch(() => {});
      };
      const unsubscribe = services.realtime.subscribe(viewer.id, (unread) => write("unread", String(unread)));
      // the count on every (re)connect, and a quick retry (1 s) after a dropped connection
      await stream
        .writeSSE({ event: "unread", data: String(await services.realtime.count(viewer.id)), retry: 1_000 })
        .catch(() => {});
      const heartbeat = setInterval(() => write("ping", ""), 25_000);
      await done;
      clearInterval(heartbeat);
      unsubscribe();
    });
  });

  // Drop changes for everyone (signed out too): the landing and drop pages reload their data on "drop".
  app.get("/api/drop-events", async (c) => {
    const address = addressKey(c.req.header(CLIENT_IP_HEADER) ?? "unknown");
    const release = dropStreamSlots.take(address, address);
    if (!release) return c.text("Too many open event streams", 429, { "retry-after": "30" });
    return streamSSE(c, async (stream) => {
      let close = () => {};
      const counted = services.metrics.streamOpened("drops");
      const done = new Promise<void>((resolve) => {
        close = () => {
          release();
          counted();
          openStreams.delete(close);
          resolve();
        };
        openStreams.add(close);
        stream.onAbort(close);
      });
      const unsubscribe = await dropEvents.subscribe(
        () => void stream.writeSSE({ event: "drop", data: "" }).catch(close),
      );
      await stream.writeSSE({ event: "ready", data: "", retry: 2_000 }).catch(close);
      const heartbeat = setInterval(() => void stream.writeSSE({ event: "ping", data: "" }).catch(close), 25_000);
      await done;
      clearInterval(heartbeat);
      unsubscribe();
    });
  });

  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.ok) c.header("cache-control", "public, max-age=31536000, immutable");
  });
  const renderPage = async (request: Request, handoff?: ClaimHandoff) => {
    const nonce = randomBytes(16).toString("base64");
    const { servicesContext, nonceContext, claimHandoffContext } =
      builtKeys ?? keysOf(await (build as () => Promise<ServerBuild>)());
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(nonceContext, nonce);
    if (handoff) context.set(claimHandoffContext, handoff);
    const response = await handle(request, context);
    if (response.status >= 500 && !(await databaseReachable(services))) return { response: unavailable(), nonce };
    if (response.headers.get("content-type")?.startsWith("text/html")) {
      response.headers.set("content-security-policy", contentSecurityPolicy([nonceSource(nonce)]));
    }
    return { response, nonce };
  };

  // The public read API and the drops' calendar: CORS, budgets shared by every instance and 304 (decision 050)
  const readApiGate = apiGate({
    db: services.db,
    perAddress: services.config.API_RATE_LIMIT,
    perToken: services.config.API_TOKEN_RATE_LIMIT,
    onError: (err) => services.log.warn({ err }, "read API budget: rate_limits unreachable, counting per instance"),
  });
  app.use("*", (c, next) => (isReadApiPath(c.req.path) ? readApiGate(c, next) : next()));
  app.use("*", compress());
  if (opts.claimFastPath !== false)
    app.post(
      "/c/:secretCode",
      claimFastPath(services, async (request, handoff) => (await renderPage(request, handoff)).response),
    );
  if (opts.pageCache !== false)
    app.use(
      "*",
      publicPages.serve((request) => renderPage(request)),
    );
  // `precompressed`: the build's Brotli copies of scripts and stylesheets (scripts/vite-brotli-assets.ts)
  if (opts.clientDir) app.use("*", serveStatic({ root: opts.clientDir, precompressed: true }));
  app.all("*", async (c) => (await renderPage(c.req.raw)).response);

  return {
    app,
    closeStreams: () => {
      [...openStreams].forEach((close) => close());
      void dropEvents.close();
    },
  };
}
