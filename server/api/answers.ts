import { createHash } from "node:crypto";

/** How long a shared cache may keep an answer (the page cache's rule, decision 011). */
export const API_CACHE_CONTROL = "public, max-age=0, s-maxage=1, stale-while-revalidate=5";

/** A weak validator of the body: the same answer has the same tag in every encoding and on every instance. */
export const etagOf = (body: string) => `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

/** A 200 answer with its ETag; the API gate (server/api/api-gate.ts) turns a matching If-None-Match into 304. */
export function okAnswer(body: string, contentType: string): Response {
  return new Response(body, {
    status: 200,
    headers: { "content-type": contentType, etag: etagOf(body), "cache-control": API_CACHE_CONTROL },
  });
}

export const jsonAnswer = (value: unknown) => okAnswer(JSON.stringify(value), "application/json; charset=utf-8");

/** The title of each problem the API answers (RFC 9457); `type` stays about:blank, so the title is the status's. */
const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  405: "Method Not Allowed",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

export interface Problem {
  type: "about:blank";
  title: string;
  status: number;
  detail: string;
}

export const problemOf = (status: number, detail: string): Problem => ({
  type: "about:blank",
  title: TITLES[status] ?? "Error",
  status,
  detail,
});

/** An error as application/problem+json; never stored by a shared cache. */
export function problemAnswer(status: number, detail: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(problemOf(status, detail)), {
    status,
    headers: { "content-type": "application/problem+json", "cache-control": "no-store", ...headers },
  });
}

/** Whether an If-None-Match header names this tag (weak comparison, RFC 9110 13.1.2). */
export function matchesEtag(ifNoneMatch: string | null, etag: string | null): boolean {
  if (!ifNoneMatch || !etag) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => opaque(t) === opaque(etag));
}
