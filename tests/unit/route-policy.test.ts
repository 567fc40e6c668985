import { describe, expect, it } from "vitest";

import { mayOpen, policyOf, ROUTE_POLICIES, routeOf, type RoutePattern } from "#shared/route-policy.ts";

import { ADMIN_LINKS } from "../../app/components/admin/admin-sidebar.tsx";
import routes from "../../app/routes.ts";

// Issue 36 item 2: a route declares its policy in one row; guards, sidebar, upload limits, the page
// cache and the tests' page lists read it. (A route without a row, or a row without a route, fails the
// typecheck: the table `satisfies Record<RoutePattern, RoutePolicy>`.)

type R = { path?: string; index?: boolean; file: string; children?: R[] };
function routeFiles(list: R[] = routes as R[], prefix = ""): { path: string; file: string }[] {
  return list.flatMap((r) => {
    const full = r.index ? prefix || "/" : r.path ? `${prefix}/${r.path}` : prefix;
    return r.children ? routeFiles(r.children, full) : [{ path: full, file: r.file }];
  });
}

describe("route policies", () => {
  it("name every route of app/routes.ts, and the admin and collector areas are not public", () => {
    const pages = routeFiles();
    expect(pages.map((p) => p.path).sort()).toEqual(Object.keys(ROUTE_POLICIES).sort());
    for (const { path, file } of pages) {
      const { access } = ROUTE_POLICIES[path as RoutePattern];
      if (file.includes("/admin/")) expect(["team", "admin"], path).toContain(access);
      if (file.includes("/collector/")) expect(access, path).toBe("signedIn");
    }
  });

  it("find the route a request path reaches: data requests, index and trailing slash, a fixed segment before a parameter", () => {
    const cases: [string, RoutePattern][] = [
      ["/", "/"],
      ["/_root.data", "/"],
      ["/admin", "/admin"],
      ["/admin/", "/admin"],
      ["/admin.data", "/admin"],
      ["/admin/boonees.data", "/admin/boonees"],
      ["/admin/boonees.csv", "/admin/boonees.csv"],
      ["/boonee", "/boonee"],
      ["/boonee/0b7c", "/boonee/:id"],
      ["/boonee/0b7c.data", "/boonee/:id"],
      ["/boonee/0b7c/photos", "/boonee/:id/photos"],
      ["/claim", "/claim"],
      ["/claim/ABCDEFGHJK", "/claim/:secretCode"],
      ["/admin/sun-tag/0b7c", "/admin/sun-tag/:figureId"],
      ["/admin/nothing", "/*"],
      ["/boonee/0b7c/photos/more", "/*"],
    ];
    for (const [path, route] of cases) expect(routeOf(path), path).toBe(route);
  });

  it("let a moderator open the dashboard, claims, finder stories and reports (and the claims export) only; a collector their own pages; a visitor the public ones", () => {
    const open = (role: Parameters<typeof mayOpen>[0]) =>
      Object.keys(ROUTE_POLICIES).filter((p) => p.startsWith("/admin") && mayOpen(role, p));
    expect(open("moderator").sort()).toEqual([
      "/admin",
      "/admin/claims",
      "/admin/claims.csv",
      "/admin/reports",
      "/admin/stories",
    ]);
    expect(open("user")).toEqual([]);
    expect(open("admin")).toHaveLength(Object.keys(ROUTE_POLICIES).filter((p) => p.startsWith("/admin")).length);
    expect(mayOpen("user", "/profile")).toBe(true);
    expect(mayOpen(null, "/profile")).toBe(false);
    expect(mayOpen(null, "/boonees")).toBe(true);
    expect(ADMIN_LINKS.filter((l) => mayOpen("moderator", l.to)).map((l) => l.key)).toEqual([
      "dashboard",
      "claims",
      "stories",
      "reports",
    ]);
  });

  it("take large bodies on the admin's upload pages and finder photos only, and let the public cache keep the public read-only pages", () => {
    const withUploads = Object.entries(ROUTE_POLICIES).filter(([, p]) => "uploads" in p);
    expect(withUploads.map(([path]) => path).sort()).toEqual([
      "/admin/boonees",
      "/admin/content",
      "/admin/create-boonee",
      "/admin/drops",
      "/boonee/:id/photos",
    ]);
    const cached = Object.entries(ROUTE_POLICIES).filter(([, p]) => "publicCache" in p);
    expect(cached.map(([path]) => path).sort()).toEqual([
      "/",
      "/:city",
      "/about",
      "/api/v1/cities",
      "/api/v1/drops",
      "/api/v1/drops/:id",
      "/api/v1/figures/:id",
      "/api/v1/finds",
      "/api/v1/gallery",
      "/api/v1/leaderboards",
      "/api/v1/openapi.json",
      "/api/v1/stats",
      "/api/v1/stories",
      "/boonee/:id",
      "/boonees",
      "/drops",
      "/drops.ics",
      "/drops/:id",
      "/leaderboard",
      "/privacy",
      "/stats",
      "/terms",
    ]);
    for (const [path] of cached) expect(ROUTE_POLICIES[path as RoutePattern].access, path).toBe("public");
    expect(policyOf("/boonee/0b7c.data").publicCache).toBe(true);
    expect(policyOf("/claim/ABCDEFGHJK").publicCache).toBeUndefined();
  });
});
