import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";

import routes from "../../app/routes.ts";
import { createRouteLabel } from "../../server/metrics/route-label.ts";

type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };
type Built = { id: string; parentId?: string; path?: string; index?: boolean };

/** The app's route config as the built manifest (id, parentId, path, index) under the root route. */
function manifestOf(entries: Entry[]) {
  const out: Record<string, Built> = { root: { id: "root", path: "" } };
  const walk = (list: Entry[], parentId: string) =>
    list.forEach((e) => {
      const id = e.id ?? e.file.replace(/\.[jt]sx?$/, "");
      out[id] = { id, parentId, path: e.path, index: e.index };
      walk(e.children ?? [], id);
    });
  walk(entries as Entry[], "root");
  return out;
}

const manifest = manifestOf(routes as unknown as Entry[]);
const build = { routes: manifest } as unknown as ServerBuild;

/** What React Router itself matches (the label the metrics had before they compiled their own matcher). */
function reactRouterLabel(path: string) {
  type Node = Built & { children: Node[] };
  const nodes = new Map(Object.values(manifest).map((r) => [r.id, { ...r, children: [] as Node[] }]));
  const roots: Node[] = [];
  for (const n of nodes.values()) (n.parentId ? nodes.get(n.parentId)!.children : roots).push(n);
  const matches = matchRoutes(roots as unknown as RouteObject[], path);
  if (!matches?.length) return "/*";
  return `/${matches
    .map((m) => m.route.path)
    .filter((p) => !!p)
    .join("/")}`.replace(/\/+/g, "/");
}

// every pattern of the app with its parameters filled, plus paths no route was written for
const samples = Object.values(manifest)
  .map((r) => {
    let path = "";
    for (let at: Built | undefined = r; at; at = at.parentId ? manifest[at.parentId] : undefined)
      path = `${at.path ?? ""}/${path}`;
    return `/${path}`
      .replace(/\/+/g, "/")
      .replace(/:[\w-]+/g, (p) => (p === ":id" ? "3f2b8c1e-0000-4000-8000-000000000001" : "ABC123"))
      .replace("*", "nope/deeper");
  })
  .concat(["/", "/boonees/", "/BOONEES", "/c/ABC123/extra", "/admin/unknown", "/totally/unknown", "/claim/abc-123"]);

describe("metric route labels", () => {
  const label = createRouteLabel(build);

  it("names the same route pattern as React Router's own matching, for every route of the app", () => {
    expect(samples.length).toBeGreaterThan(40);
    for (const path of samples) expect([path, label(path)]).toEqual([path, reactRouterLabel(path)]);
  });

  it("never carries a code or an id, only the pattern", () => {
    expect(label("/c/SECRET42")).toBe("/c/:secretCode");
    expect(label("/c/SECRET42.data")).toBe("/c/:secretCode");
    expect(label("/boonee/3f2b8c1e-0000-4000-8000-000000000001")).toBe("/boonee/:id");
    expect(label("/uploads/stories/x.jpg")).toBe("/uploads/*");
    expect(label("/assets/app-1234.js")).toBe("/assets/*");
  });
});
