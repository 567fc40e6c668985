import { NavLink } from "react-router";

import { LogoutButton } from "~/components/logout-button";
import { Sheet, SheetClose, SheetContent, SheetTitle } from "~/components/ui/sheet";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

export default function MobileMenuSheet({
  signedIn,
  staff = false,
  open,
  onOpenChange,
}: {
  signedIn: boolean;
  /** Admins and moderators get an entry to /admin. */
  staff?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const links = signedIn
    ? [
        ["/boonees", t("nav.gallery")],
        ["/profile", t("nav.collection")],
        ["/claim", t("nav.claim")],
        ["/exclusive", t("profile.exclusive")],
        ["/notifications", t("nav.notifications")],
        ["/drops", t("nav.drops")],
        ["/leaderboard", t("nav.leaderboard")],
        ["/stats", t("nav.stats")],
        ...(staff ? [["/admin", t("nav.admin")]] : []),
      ]
    : [
        ["/boonees", t("nav.gallery")],
        ["/claim", t("nav.claimLink")],
        ["/drops", t("nav.drops")],
        ["/leaderboard", t("nav.leaderboard")],
        ["/auth", t("nav.login")],
      ];
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" aria-describedby={undefined}>
        <SheetTitle className="font-display text-xl font-bold">{t("nav.menu")}</SheetTitle>
        <nav aria-label={t("nav.main")} className="flex flex-col gap-1">
          {links.map(([to, label]) => (
            <SheetClose asChild key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    "rounded-xl px-3 py-3 text-base font-bold hover:bg-paper-deep",
                    isActive && "bg-paper-deep text-grape",
                  )
                }
              >
                {label}
              </NavLink>
            </SheetClose>
          ))}
        </nav>
        {signedIn && (
          <div className="mt-auto border-t-2 border-ink/10 pt-4 [&_button]:w-full">
            <LogoutButton />
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}
