import type { MiddlewareHandler } from "hono";

import type { Services } from "../services.ts";
import { createPageStore } from "./page-store.ts";
import { publicPageKey } from "./public-page-key.ts";
import { isShareable, sharedResponse, sharePage, type SharedPage } from "./shared-page.ts";

/** The database announces every write that changes a public page on this channel (migration 0007). */
export const PUBLIC_CHANGED_CHANNEL = "public_changed";

const LIMITS = { maxEntries: 2_000, maxBytes: 32 * 1024 * 1024, freshMs: 1_000, graceMs: 1_000 };
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type RenderPage = (request: Request) => Promise<{ response: Response; nonce: string }>;

/**
 * Anonymous public pages (server/page-cache/public-page-key.ts) from memory, per language, dropped at
 * once by any change: announced by the database to every instance, and by this instance's own
 * successful writes before their response is sent (the announcement may arrive a moment later).
 * Without a change a page is re-rendered after a second (the previous copy is served while that
 * render runs, for at most one more second). Concurrent misses render once. See docs/decisions/011.
 */
export function createPublicPageCache(services: Pick<Services, "database" | "log">, limits = LIMITS) {
  const store = createPageStore<SharedPage>(limits);
  services.database
    .listen(PUBLIC_CHANGED_CHANNEL, () => store.invalidate())
    .catch((err) =>
      services.log.error(
        { err },
        "public page cache: cannot listen for changes; pages are only refreshed every second",
      ),
    );

  /** Renders key once for everyone who asks meanwhile: the shared page, or the render itself if it cannot be shared. */
  async function fill(
    request: Request,
    key: string,
    render: RenderPage,
  ): Promise<{ page: SharedPage } | { response: Response }> {
    const filling = store.begin(key);
    try {
      const { response, nonce } = await render(request);
      if (!isShareable(response)) {
        filling.finish(null);
        return { response };
      }
      const page = await sharePage(response, nonce);
      filling.finish(page, page.bytes);
      return { page };
    } catch (e) {
      filling.finish(null);
      throw e;
    }
  }

  async function respond(request: Request, key: string, render: RenderPage): Promise<Response | null> {
    const cached = store.fresh(key);
    if (cached) return sharedResponse(cached, request, "hit");
    // Out of date but unchanged (a change drops it): the previous copy while one refresh renders.
    const stale = store.stale(key);
    if (stale) {
      if (request.method !== "HEAD" && !store.pending(key)) {
        fill(request, key, render)
          .then((result) => ("response" in result ? result.response.body?.cancel() : undefined))
          .catch((err) => services.log.error({ err }, "public page cache: refresh failed"));
      }
      return sharedResponse(stale, request, "stale");
    }
    // A HEAD never fills the cache.
    if (request.method === "HEAD") return null;
    const pending = store.pending(key);
    if (pending) {
      const shared = await pending;
      return shared ? sharedResponse(shared, request, "hit") : null;
    }
    const result = await fill(request, key, render);
    return "page" in result ? sharedResponse(result.page, request, "miss") : result.response;
  }

  return {
    /** Answers public pages from the cache (rendering on a miss); other requests go on. */
    serve(render: RenderPage): MiddlewareHandler {
      return async (c, next) => {
        const key = publicPageKey(c.req.raw);
        const response = key ? await respond(c.req.raw, key, render) : null;
        if (response) return response;
        // Waited for a render that could not be shared, or a HEAD on a miss: render this one alone.
        if (key) return (await render(c.req.raw)).response;
        return next();
      };
    },
    /** Drops every page after a successful write of this instance, before its response goes out. */
    invalidateAfterWrite: (async (c, next) => {
      await next();
      if (WRITE_METHODS.has(c.req.method) && c.res.status < 400) store.invalidate();
    }) satisfies MiddlewareHandler,
    invalidate: () => store.invalidate(),
  };
}
