import { chosenLang, LANG_COOKIE } from "#shared/i18n-config.ts";
import { policyOf, routeOf } from "#shared/route-policy.ts";

/** Cookies that do not make a page personal. Any other cookie (a session, a flash message …) means a fresh render. */
const NEUTRAL_COOKIES = new Set([LANG_COOKIE]);

function onlyNeutralCookies(header: string | null) {
  if (!header) return true;
  return header.split(";").every((part) => {
    const name = part.split("=", 1)[0].trim();
    return !name || NEUTRAL_COOKIES.has(name);
  });
}

/**
 * The cache key of a request a shared page may answer (chosen language or "auto", path and query), or null when the
 * request must be rendered for itself: not GET/HEAD, not a public page, or carrying a personal cookie.
 */
export function publicPageKey(request: Request): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const cookie = request.headers.get("cookie");
  if (request.headers.has("authorization") || !onlyNeutralCookies(cookie)) return null;
  const url = new URL(request.url);
  // pages every signed-out visitor sees alike (per language, `publicCache` in shared/route-policy.ts); their
  // `.data` twins serve client-side navigations
  if (!policyOf(url.pathname).publicCache) return null;
  // `/:city` matches every one-segment path: a file (`/sw.js`, `/manifest.webmanifest`) is the static server's
  if (routeOf(url.pathname) === "/:city" && url.pathname.replace(/\.data$/, "").includes(".")) return null;
  // no language chosen: the page's own default (German, or a city page's language), so not the German key
  return `${chosenLang(cookie) ?? "auto"} ${url.pathname}${url.search}`;
}
