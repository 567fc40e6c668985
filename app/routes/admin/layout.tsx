import { Outlet, redirect } from "react-router";
import { requireRole } from "~/guards.server";
import type { Route } from "./+types/layout";

/** Moderators may open only the dashboard and claims (product decisions). */
const MODERATOR_PATHS = new Set(["/admin", "/admin/", "/admin/claims"]);

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const viewer = requireRole(context, request, ["admin", "moderator"]);
    if (viewer.role === "moderator" && !MODERATOR_PATHS.has(new URL(request.url).pathname.replace(/\.data$/, ""))) {
      if (request.method === "GET" || request.method === "HEAD") throw redirect("/");
      throw new Response(JSON.stringify({ error: "forbidden" }), { status: 403, headers: { "content-type": "application/json" } });
    }
    return next();
  },
];

export default function AdminLayout() {
  return <Outlet />;
}
