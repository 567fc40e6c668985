import { BellIcon, MenuIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, NavLink } from "react-router";

import type { Role } from "#shared/roles.ts";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

import { LanguageToggle } from "./language-toggle";
import { Logo } from "./logo";
import { useUnreadCount } from "./use-unread-count";

const MobileMenuSheet = lazy(() => import("./mobile-menu-sheet"));

interface HeaderViewer {
  id: string;
  name: string | null;
  role: Role;
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-full px-3 py-2 text-sm font-bold transition-colors hover:bg-paper-deep",
    isActive && "bg-paper-deep text-grape",
  );

export function SiteHeader({ viewer, unread }: { viewer: HeaderViewer | null; unread: number }) {
  const { t } = useTranslation();
  const staff = viewer?.role === "admin" || viewer?.role === "moderator";
  return (
    <header className="sticky top-0 z-40 border-b-2 border-ink/10 bg-paper/95 backdrop-blur supports-[backdrop-filter]:bg-paper/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Link to="/" className="mr-auto flex items-center gap-2 rounded-full" aria-label={t("nav.home")}>
          <Logo />
        </Link>
        <nav aria-label={t("nav.main")} className="hidden items-center gap-1 md:flex">
          <NavLink to="/boonees" className={navClass}>
            {t("nav.gallery")}
          </NavLink>
          <NavLink to="/drops" className={navClass}>
            {t("nav.drops")}
          </NavLink>
          <NavLink to="/leaderboard" className={navClass}>
            {t("nav.leaderboard")}
          </NavLink>
          {viewer ? (
            <>
              <NavLink to="/profile" className={navClass}>
                {t("nav.collection")}
              </NavLink>
              <NavLink to="/claim" className={navClass}>
                {t("nav.claim")}
              </NavLink>
              {staff && (
                <NavLink to="/admin" className={navClass}>
                  {t("nav.admin")}
                </NavLink>
              )}
            </>
          ) : (
            <NavLink to="/claim" className={navClass}>
              {t("nav.claimLink")}
            </NavLink>
          )}
        </nav>
        <LanguageToggle />
        {viewer ? (
          <>
            <NotificationBell initial={unread} userId={viewer.id} />
            <MobileMenu signedIn staff={staff} />
          </>
        ) : (
          <>
            <Button asChild size="sm">
              <Link to="/auth">{t("nav.login")}</Link>
            </Button>
            <MobileMenu signedIn={false} />
          </>
        )}
      </div>
    </header>
  );
}

export function formatBadge(count: number) {
  return count > 9 ? "9+" : String(count);
}

function NotificationBell({ initial, userId }: { initial: number; userId: string }) {
  const { t } = useTranslation();
  const unread = useUnreadCount(initial, userId);
  return (
    <Link
      to="/notifications"
      className="relative inline-flex size-11 items-center justify-center rounded-full hover:bg-paper-deep"
      aria-label={t("nav.notificationsCount", { count: unread })}
      data-testid="notification-bell"
    >
      <BellIcon className="size-5" />
      {unread > 0 && (
        <span
          data-testid="unread-badge"
          className="absolute top-1 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-ember px-1 text-[11px] font-extrabold text-white"
        >
          {formatBadge(unread)}
        </span>
      )}
    </Link>
  );
}

/** The mobile side menu: its dialog code loads on the first tap, not with the page. */
function MobileMenu({ signedIn, staff = false }: { signedIn: boolean; staff?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={t("nav.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <MenuIcon className="size-6" />
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <MobileMenuSheet signedIn={signedIn} staff={staff} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
