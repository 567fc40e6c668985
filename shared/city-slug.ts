import { ROUTE_POLICIES } from "./route-policy.ts";

/** Paths the HTTP server answers before React Router (server/http.ts) and the folders of public/. */
const SERVER_PATHS = [
  "api",
  "assets",
  "healthz",
  "readyz",
  "metrics",
  "internal",
  "uploads",
  "images",
  "icons",
  "video",
];

/**
 * The first segments of every route (app/routes.ts through its policy table) and of the server's own paths:
 * a city's page is `/{slug}`, so a slug may never be one of them (decision 053).
 */
export const RESERVED_CITY_SLUGS: ReadonlySet<string> = new Set([
  ...Object.keys(ROUTE_POLICIES)
    .map((pattern) => pattern.split("/")[1] ?? "")
    .filter((segment) => segment !== "" && !segment.startsWith(":") && segment !== "*"),
  ...SERVER_PATHS,
]);

/** Lower-case letters, digits and dashes, starting with a letter or digit, at most 40 (the database checks the same). */
export const CITY_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

export const isReservedCitySlug = (slug: string) => RESERVED_CITY_SLUGS.has(slug) || slug.includes(".");
