import { useTranslation } from "~/lib/use-translation";
import { Outlet, redirect } from "react-router";
import { AdminSidebar } from "~/components/admin/admin-sidebar";
import { useHydrated } from "~/components/admin/use-hydrated";
import { SidebarInset, SidebarProvider, SidebarTrigger, sidebarOpenFromCookie } from "~/components/ui/sidebar";
import { flashCookie, requireRole } from "~/guards.server";
import type { Route } from "./+types/layout";

/** Moderators may open only the dashboard, claims and the reports (product decisions; they resolve nothing there). */
const MODERATOR_PATHS = new Set(["/admin", "/admin/", "/admin/claims", "/admin/reports"]);

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const viewer = requireRole(context, request, ["admin", "moderator"]);
    if (viewer.role === "moderator" && !MODERATOR_PATHS.has(new URL(request.url).pathname.replace(/\.data$/, ""))) {
      // Back to their own part of the admin area, with the reason in their language (a flash toast there).
      if (request.method === "GET" || request.method === "HEAD")
        throw redirect("/admin", { headers: { "set-cookie": flashCookie("!admin.error.adminOnly") } });
      throw new Response(JSON.stringify({ error: "forbidden" }), { status: 403, headers: { "content-type": "application/json" } });
    }
    return next();
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireRole(context, request, ["admin", "moderator"]);
  return { role: viewer.role, sidebarOpen: sidebarOpenFromCookie(request.headers.get("cookie")) };
}

export function headers() {
  // Admin pages carry e-mail addresses and claim codes: never cache them.
  return { "cache-control": "private, no-store" };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <SidebarProvider
      defaultOpen={loaderData.sidebarOpen}
      className="min-h-[calc(100svh-4rem)] bg-paper"
      data-hydrated={hydrated ? "true" : "false"}
    >
      <AdminSidebar role={loaderData.role} />
      <SidebarInset>
        <div className="flex h-12 items-center gap-2 border-b-2 border-ink/10 bg-white/70 px-2 sm:px-4 print:hidden">
          <SidebarTrigger label={t("admin.nav.toggle")} title={t("admin.nav.toggleHint")} />
          <span className="font-display text-sm font-bold text-muted-foreground">
            {loaderData.role === "admin" ? t("admin.nav.area") : t("admin.nav.moderation")}
          </span>
        </div>
        <Outlet />
      </SidebarInset>
    </SidebarProvider>
  );
}
