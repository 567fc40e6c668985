import { Outlet } from "react-router";

import { AdminSidebar } from "~/components/admin/admin-sidebar";
import { useHydrated } from "~/components/admin/use-hydrated";
import { SidebarInset, sidebarOpenFromCookie, SidebarProvider, SidebarTrigger } from "~/components/ui/sidebar";
import { requirePage, teamOnAdminOnlyPage } from "~/guards.server";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/layout";

/** Who may open each admin page is its row in shared/route-policy.ts (moderators: the dashboard, claims and reports). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    // a moderator on an admin-only page gets the 403 page from the loaders (below and the page's), which all
    // call requirePage: thrown here, no loader would run and the page would not know who is signed in
    if (!teamOnAdminOnlyPage(context, request)) requirePage(context, request);
    return next();
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requirePage(context, request);
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
