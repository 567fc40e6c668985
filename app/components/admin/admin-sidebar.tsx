import {
  BookOpenTextIcon,
  Building2Icon,
  ClipboardCheckIcon,
  FlagIcon,
  HistoryIcon,
  LayoutDashboardIcon,
  MapPinnedIcon,
  MegaphoneIcon,
  PackageIcon,
  SparklesIcon,
  UsersIcon,
  WebhookIcon,
} from "lucide-react";
import { NavLink } from "react-router";

import type { Role } from "#shared/roles.ts";
import { mayOpen, type RoutePattern } from "#shared/route-policy.ts";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from "~/components/ui/sidebar";
import { useTranslation } from "~/lib/use-translation";

/** The admin links (spec: Dashboard, Create Boonee, Boonees, Content Broadcast, Claims, Users; then Activity; finder stories beside the claims); each shown to who may open it (shared/route-policy.ts). */
export const ADMIN_LINKS = [
  { to: "/admin", key: "dashboard", icon: LayoutDashboardIcon, end: true },
  { to: "/admin/create-boonee", key: "create", icon: SparklesIcon, end: false },
  { to: "/admin/boonees", key: "boonees", icon: PackageIcon, end: false },
  { to: "/admin/drops", key: "drops", icon: MapPinnedIcon, end: false },
  { to: "/admin/content", key: "content", icon: MegaphoneIcon, end: false },
  { to: "/admin/claims", key: "claims", icon: ClipboardCheckIcon, end: false },
  { to: "/admin/stories", key: "stories", icon: BookOpenTextIcon, end: false },
  { to: "/admin/reports", key: "reports", icon: FlagIcon, end: false },
  { to: "/admin/users", key: "users", icon: UsersIcon, end: false },
  { to: "/admin/activity", key: "activity", icon: HistoryIcon, end: false },
  { to: "/admin/webhooks", key: "webhooks", icon: WebhookIcon, end: false },
  { to: "/admin/cities", key: "cities", icon: Building2Icon, end: false },
] as const satisfies readonly { to: RoutePattern; key: string; end: boolean; icon: unknown }[];

export function AdminSidebar({ role }: { role: Role }) {
  const { t } = useTranslation();
  const { setOpenMobile, isMobile } = useSidebar();
  const links = ADMIN_LINKS.filter((l) => mayOpen(role, l.to));
  return (
    <Sidebar mobileTitle={t("admin.nav.title")}>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>{role === "admin" ? t("admin.nav.title") : t("admin.nav.moderation")}</SidebarGroupLabel>
          <nav aria-label={t("admin.nav.title")}>
            <SidebarMenu>
              {links.map((link) => (
                <SidebarMenuItem key={link.to}>
                  <SidebarMenuButton asChild tooltip={t(`admin.nav.${link.key}`)}>
                    <NavLink
                      to={link.to}
                      end={link.end}
                      onClick={() => isMobile && setOpenMobile(false)}
                      prefetch="intent"
                    >
                      <link.icon aria-hidden="true" />
                      <span>{t(`admin.nav.${link.key}`)}</span>
                    </NavLink>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              ))}
            </SidebarMenu>
          </nav>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter>
        <p className="px-2 text-xs text-muted-foreground group-data-[collapsible=icon]:hidden">
          {t("admin.nav.shortcut")}
        </p>
      </SidebarFooter>
    </Sidebar>
  );
}
