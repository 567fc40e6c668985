import type { Register } from "react-router";

import type { Role } from "./roles.ts";

/** Every route of app/routes.ts, as React Router's typegen names them. */
export type RoutePattern = keyof Register["pages"];

/**
 * Who may open a route: anyone, anyone signed in, the team (admins and moderators) or admins only.
 * A route whose data is someone's own (a figure's owner page) still checks that itself.
 */
export type Access = "public" | "signedIn" | "team" | "admin";

export interface RoutePolicy {
  access: Access;
  /** Takes a multipart body larger than a form: an admin's pictures and videos, or a finder's photos (server/http.ts). */
  uploads?: "admin" | "photos";
  /** The anonymous public page cache may keep it (server/page-cache/public-page-key.ts). */
  publicCache?: true;
}

/**
 * One row per route: adding a page is its route file, its row here (the typecheck fails without one) and
 * its texts. The guards (`requirePage` in app/guards.server.ts), the admin sidebar, the upload limit, the
 * public page cache and the tests' page lists read this table.
 */
export const ROUTE_POLICIES = {
  "/": { access: "public", publicCache: true },
  "/language": { access: "public" },
  "/logout": { access: "public" },
  "/passkeys/options": { access: "public" },
  "/auth": { access: "public" },
  "/auth/forgot": { access: "public" },
  "/auth/reset": { access: "public" },
  "/auth/confirm": { access: "public" },
  "/about": { access: "public", publicCache: true },
  "/privacy": { access: "public", publicCache: true },
  "/terms": { access: "public", publicCache: true },
  "/claim": { access: "public" },
  "/claim/:secretCode": { access: "public" },
  "/c/:secretCode": { access: "public" },
  "/s/:figureId": { access: "public" },
  "/boonee": { access: "public" },
  "/boonee/:id": { access: "public", publicCache: true },
  "/boonee/:id/photos": { access: "signedIn", uploads: "photos" },
  "/boonees": { access: "public", publicCache: true },
  "/drops": { access: "public", publicCache: true },
  "/drops/:id": { access: "public", publicCache: true },
  "/og/:kind/:id/:lang": { access: "public" },
  "/leaderboard": { access: "public", publicCache: true },
  "/stats": { access: "public", publicCache: true },
  "/drops.ics": { access: "public", publicCache: true },
  "/api/v1/openapi.json": { access: "public", publicCache: true },
  "/api/v1/cities": { access: "public", publicCache: true },
  "/api/v1/gallery": { access: "public", publicCache: true },
  "/api/v1/figures/:id": { access: "public", publicCache: true },
  "/api/v1/drops": { access: "public", publicCache: true },
  "/api/v1/drops/:id": { access: "public", publicCache: true },
  "/api/v1/finds": { access: "public", publicCache: true },
  "/api/v1/stories": { access: "public", publicCache: true },
  "/api/v1/leaderboards": { access: "public", publicCache: true },
  "/api/v1/stats": { access: "public", publicCache: true },
  "/api/v1/*": { access: "public" },
  "/email/confirm": { access: "public" },
  "/unsubscribe": { access: "public" },
  "/api/v1/me/finds": { access: "public" }, // the personal token decides (app/lib/personal-token.server.ts)
  "/api/v1/me/notifications": { access: "public" }, // the personal token decides
  "/profile": { access: "signedIn" },
  "/profile/data": { access: "signedIn" },
  "/claimed/:id": { access: "signedIn" },
  "/profile/notifications": { access: "signedIn" },
  "/profile/cities": { access: "signedIn" },
  "/exclusive": { access: "signedIn" },
  "/notifications": { access: "signedIn" },
  "/admin/boonees.csv": { access: "admin" }, // outside the admin layout: the export checks the role (a 403 text)
  "/admin/claims.csv": { access: "team" }, // outside the admin layout: the export checks the role (a 403 text)
  "/admin/users.csv": { access: "admin" }, // outside the admin layout: the export checks the role (a 403 text)
  "/admin": { access: "team" },
  "/admin/create-boonee": { access: "admin", uploads: "admin" },
  "/admin/boonees": { access: "admin", uploads: "admin" },
  "/admin/content": { access: "admin", uploads: "admin" },
  "/admin/content/recipients": { access: "admin" },
  "/admin/claims": { access: "team" },
  "/admin/stories": { access: "team" },
  "/admin/reports": { access: "team" },
  "/admin/users": { access: "admin" },
  "/admin/labels": { access: "admin" },
  "/admin/activity": { access: "admin" },
  "/admin/drops": { access: "admin", uploads: "admin" },
  "/admin/sun-tag/:figureId": { access: "admin" },
  "/admin/webhooks": { access: "admin" },
  "/admin/cities": { access: "admin" },
  "/admin/cities/:cityId": { access: "admin" },
  "/:city": { access: "public", publicCache: true },
  "/*": { access: "public" },
} as const satisfies Record<RoutePattern, RoutePolicy>;

/** The roles an access level lets in (signed out: none). */
export const ROLES_OF: Record<Exclude<Access, "public">, readonly Role[]> = {
  signedIn: ["user", "moderator", "admin"],
  team: ["moderator", "admin"],
  admin: ["admin"],
};

const PATTERNS = (Object.keys(ROUTE_POLICIES) as RoutePattern[])
  .filter((p) => p !== "/*")
  .map((pattern) => ({ pattern, segments: pattern.split("/").slice(1) }));

/** A request path as the route it reaches: `.data` (React Router's data requests), `/_root.data` and a trailing slash taken off. */
export const routePath = (pathname: string) =>
  pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";

/** The route a path reaches (a fixed segment wins over a parameter), or "/*" for none. */
export function routeOf(pathname: string): RoutePattern {
  const parts = routePath(pathname).split("/").slice(1);
  let best: { pattern: RoutePattern; fixed: number } | null = null;
  for (const { pattern, segments } of PATTERNS) {
    if (segments.length !== parts.length) continue;
    let fixed = 0;
    const matches = segments.every((s, i) => {
      if (s.startsWith(":")) return parts[i] !== "";
      fixed++;
      return s === parts[i];
    });
    if (matches && (!best || fixed > best.fixed)) best = { pattern, fixed };
  }
  return best?.pattern ?? "/*";
}

export const policyOf = (pathname: string): RoutePolicy => ROUTE_POLICIES[routeOf(pathname)];

/** May this role open the route at `pathname`? */
export function mayOpen(role: Role | null, pathname: string): boolean {
  const { access } = policyOf(pathname);
  return access === "public" || (role !== null && ROLES_OF[access].includes(role));
}
