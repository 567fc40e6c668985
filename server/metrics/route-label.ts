import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** Paths the HTTP layer answers itself (server/http.ts), by prefix; everything else is a page route. */
const OWN_ROUTES: [RegExp, string][] = [
  [/^\/healthz$/, "/healthz"],
  [/^\/readyz$/, "/readyz"],
  [/^\/metrics$/, "/metrics"],
  [/^\/api\/events$/, "/api/events"],
  [/^\/api\/drop-events$/, "/api/drop-events"],
  [/^\/internal\/backup$/, "/internal/backup"],
  [/^\/uploads\//, "/uploads/*"],
  [/^\/assets\//, "/assets/*"],
];

type RouteTree = { id: string; path?: string; index?: boolean; children: RouteTree[] };

/** React Router's flat route manifest as the nested tree `matchRoutes` reads. */
function routeTree(build: ServerBuild): RouteObject[] {
  const nodes = new Map<string, RouteTree>();
  for (const r of Object.values(build.routes)) if (r) nodes.set(r.id, { id: r.id, path: r.path, index: r.index, children: [] });
  const roots: RouteTree[] = [];
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots as unknown as RouteObject[];
}

/**
 * The route pattern of a request path for metric labels (`/c/:secretCode`, `/boonee/:id`), never the
 * path itself: claim codes are in paths. Unknown paths are the catch-all `/*`, files are `static`.
 */
export function createRouteLabel(build: ServerBuild) {
  const tree = routeTree(build);
  const cache = new Map<string, string>();
  return (path: string): string => {
    for (const [pattern, label] of OWN_ROUTES) if (pattern.test(path)) return label;
    const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
    if (/\.[a-z0-9]+$/i.test(page)) return "static";
    const matches = matchRoutes(tree, page);
    const leaf = matches?.at(-1);
    if (!leaf) return "/*";
    const id = leaf.route.id ?? "";
    const cached = cache.get(id);
    if (cached) return cached;
    const label = `/${matches!
      .map((m) => m.route.path)
      .filter((p): p is string => !!p)
      .join("/")}`.replace(/\/+/g, "/");
    cache.set(id, label);
    return label;
  };
}
