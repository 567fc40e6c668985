import type { MiddlewareHandler } from "hono";

import { CLIENT_IP_HEADER } from "../auth/auth.ts";
import type { DbOrTx } from "../db/client.ts";
import { tokenHash } from "../domain/accounts/personal-tokens.ts";
import { addressKey } from "../domain/address-key.ts";
import { matchesEtag, problemAnswer } from "./answers.ts";
import { createSharedRateLimiter, databaseLease, rateLimitHeaders } from "./rate-limit.ts";

/** Any site may read the API from a browser, without cookies (no Access-Control-Allow-Credentials). */
const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers":
    "ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After",
};
const PREFLIGHT_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  "access-control-allow-methods": "GET, HEAD, OPTIONS",
  "access-control-allow-headers": "If-None-Match",
  "access-control-max-age": "86400",
};
/** The paths the gate stands before: the API and the calendar feed. */
export const isReadApiPath = (path: string) =>
  path === "/api/v1" || path.startsWith("/api/v1/") || path === "/drops.ics";

const READ_METHODS = new Set(["GET", "HEAD"]);
/** A personal token's own routes (decision 051): read per person, never from the page cache. */
const isTokenPath = (path: string) => path.startsWith("/api/v1/me/");
const bearerOf = (header: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? null;

export interface ApiBudgets {
  db: DbOrTx;
  /** Requests a minute per client address, to /api/v1 and /drops.ics together, across all instances. */
  perAddress: number;
  /** Requests a minute per personal token to /api/v1/me/*, across all instances. */
  perToken: number;
  /** A lease failed (the database is unreachable): the instance counts on its own meanwhile. */
  onError?: (err: unknown) => void;
}
/** Headers a 304 repeats from the 200 it stands for (RFC 9110 15.4.5). */
const NOT_MODIFIED_KEPT = ["etag", "cache-control", "vary", "content-location"];

/**
 * The public read API's door (/api/v1/*, /drops.ics; decision 050), before the page cache and React
 * Router: CORS for reading, a per-address budget shared by every instance with RateLimit-* headers (429
 * as problem+json past it), a personal token's own budget on /api/v1/me/* (its headers are the token's),
 * and 304 for a matching If-None-Match. The answers themselves come from the resource routes in
 * app/routes/api/ through the public page cache.
 */
export function apiGate(budgets: ApiBudgets): MiddlewareHandler {
  const lease = databaseLease(budgets.db);
  const perAddress = createSharedRateLimiter(budgets.perAddress, lease, { onError: budgets.onError });
  const perToken = createSharedRateLimiter(budgets.perToken, lease, { onError: budgets.onError });
  return async (c, next) => {
    if (c.req.method === "OPTIONS") return new Response(null, { status: 204, headers: PREFLIGHT_HEADERS });
    let hit = await perAddress(`api:${addressKey(c.req.header(CLIENT_IP_HEADER) ?? "")}`);
    let per = "address";
    const token = isTokenPath(c.req.path) ? bearerOf(c.req.header("authorization")) : null;
    if (hit.allowed && token) {
      // by the token's hash: the token itself is never stored, not even as a throttle key
      hit = await perToken(`api-token:${tokenHash(token)}`);
      per = "token";
    }
    const limits = rateLimitHeaders(hit);
    if (!hit.allowed)
      return problemAnswer(429, `At most ${hit.limit} requests a minute per ${per}; try again later.`, {
        ...CORS_HEADERS,
        ...limits,
        "retry-after": String(hit.resetSeconds),
      });
    if (!READ_METHODS.has(c.req.method))
      return problemAnswer(405, "The API only reads: use GET.", {
        ...CORS_HEADERS,
        ...limits,
        allow: "GET, HEAD, OPTIONS",
      });
    await next();
    let res = c.res;
    if (res.status === 200 && matchesEtag(c.req.header("if-none-match") ?? null, res.headers.get("etag"))) {
      await res.body?.cancel();
      const headers = new Headers();
      for (const name of NOT_MODIFIED_KEPT) {
        const value = res.headers.get(name);
        if (value) headers.set(name, value);
      }
      res = new Response(null, { status: 304, headers });
    } else {
      // a response's headers may be immutable (a fetch result): copy it once
      res = new Response(res.body, res);
    }
    for (const [name, value] of Object.entries({ ...CORS_HEADERS, ...limits })) res.headers.set(name, value);
    c.res = undefined as unknown as Response;
    c.res = res;
  };
}
