import type { ServerBuild } from "react-router";

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
function routeTree(build: ServerBuild): RouteTree[] {
  const nodes = new Map<string, RouteTree>();
  for (const r of Object.values(build.routes))
    if (r) nodes.set(r.id, { id: r.id, path: r.path, index: r.index, children: [] });
  const roots: RouteTree[] = [];
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

interface Branch {
  label: string;
  matcher: RegExp;
  score: number;
  /** positions among siblings from the root, React Router's tie-break */
  order: number[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** React Router's ranking of a route's full path (computeScore in its router utils). */
function scoreOf(path: string, index: boolean) {
  const segments = path.split("/");
  let score = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const s of segments) if (s !== "*") score += /^:[\w-]+$/.test(s) ? 3 : s === "" ? 1 : 10;
  return score;
}

/**
 * Every route with a path (or index) as a branch with its full pattern, compiled once and ranked as
 * React Router ranks them, so a request is labelled with one pass over ~50 regular expressions
 * instead of React Router's matchRoutes, which flattens and ranks the whole tree on every call.
 */
function branchesOf(routes: RouteTree[], parent = "", order: number[] = [], out: Branch[] = []) {
  routes.forEach((route, i) => {
    const path = `${parent}/${route.path ?? ""}`.replace(/\/+/g, "/");
    if (route.children.length) branchesOf(route.children, path, [...order, i], out);
    if (route.path == null && !route.index) return;
    const pattern = path
      .split("/")
      .filter(Boolean)
      .map((s) => (s === "*" ? "(?:/.*)?" : s.startsWith(":") ? "/[^/]+" : `/${escape(s)}`))
      .join("");
    out.push({
      label: path.length > 1 ? path.replace(/\/$/, "") : "/",
      matcher: new RegExp(`^${pattern}/?$`, "i"),
      score: scoreOf(path.replace(/\/$/, ""), !!route.index),
      order: [...order, i],
    });
  });
  return out;
}

const tieBreak = (a: number[], b: number[]) =>
  a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]) ? a[a.length - 1] - b[b.length - 1] : 0;

/**
 * The route pattern of a request path for metric labels (`/c/:secretCode`, `/boonee/:id`), never the
 * path itself: claim codes are in paths. Unknown paths are the catch-all `/*`, files are `static`.
 */
export function createRouteLabel(build: ServerBuild) {
  const branches = branchesOf(routeTree(build)).sort((a, b) => b.score - a.score || tieBreak(a.order, b.order));
  return (path: string): string => {
    for (const [pattern, label] of OWN_ROUTES) if (pattern.test(path)) return label;
    const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
    if (/\.[a-z0-9]+$/i.test(page)) return "static";
    return branches.find((b) => b.matcher.test(page))?.label ?? "/*";
  };
}
