import { promisify } from "node:util";
import { brotliCompress, constants, gunzip, gzip } from "node:zlib";

import { contentSecurityPolicy } from "../content-security-policy.ts";
import { chooseEncoding } from "./accept-encoding.ts";
import { shareableHtml } from "./inline-script-hashes.ts";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);

/**
 * A CDN may keep a page for a second and serve it a little longer while it fetches the next one.
 * Vary: Cookie, because a signed-in visitor's page differs at the same address (see decision 011).
 */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=1, stale-while-revalidate=5";
export const SHARED_VARY = "Accept-Encoding, Cookie";
/** Tells tests and operators whether a response came from the cache ("hit"), was its previous copy while a refresh renders ("stale"), or was rendered for it ("miss"). */
export const CACHE_STATUS_HEADER = "x-boonees-cache";

/** Headers of a render that describe the page itself; everything else is either per response or set here. */
const KEPT_HEADERS = new Set(["content-type", "x-remix-response", "content-language", "etag"]);

export interface SharedPage {
  headers: [string, string][];
  gzip: Buffer;
  br: Buffer;
  bytes: number;
}

/** The read API's JSON and the drops' calendar (decision 050) are shared like pages. */
const SHARED_TYPES = ["text/html", "text/x-script", "application/json", "text/calendar"];

/** Whether a render may be shared: a complete 200 page, navigation data or a read API answer that sets no cookie. */
export function isShareable(response: Response) {
  const type = response.headers.get("content-type") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    !response.headers.has("content-encoding") &&
    SHARED_TYPES.some((t) => type.startsWith(t))
  );
}

/** Reads a shareable render whole and stores it compressed, with a hash-based CSP in place of its nonce. */
export async function sharePage(response: Response, nonce: string): Promise<SharedPage> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => KEPT_HEADERS.has(name) && headers.push([name, value]));
  let body = await response.text();
  if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
    const shared = shareableHtml(body, nonce);
    body = shared.html;
    headers.push(["content-security-policy", contentSecurityPolicy(shared.scriptSources)]);
  }
  const raw = Buffer.from(body, "utf8");
  const [gz, br] = await Promise.all([
    gzipAsync(raw),
    brotliAsync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
  ]);
  return { headers, gzip: gz, br, bytes: gz.length + br.length };
}

/** The response for one request: brotli, gzip or plain as its Accept-Encoding allows. */
export async function sharedResponse(
  page: SharedPage,
  request: Request,
  status: "hit" | "stale" | "miss",
): Promise<Response> {
  const encoding = chooseEncoding(request.headers.get("accept-encoding"));
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : await gunzipAsync(page.gzip);
  const headers = new Headers(page.headers);
  headers.set("cache-control", SHARED_CACHE_CONTROL);
  headers.set("vary", SHARED_VARY);
  headers.set("content-length", String(body.length));
  if (encoding !== "identity") headers.set("content-encoding", encoding);
  headers.set(CACHE_STATUS_HEADER, status);
  return new Response(
    request.method === "HEAD" ? null : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
    {
      status: 200,
      headers,
    },
  );
}
