import { CalendarPlusIcon, RadioIcon, TimerIcon } from "lucide-react";
import { Link } from "react-router";

import type { DashboardDrop } from "#server/domain/drops/public-drops.ts";
import { useBilingual } from "~/components/drops/bilingual";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

const linkClass = "inline-flex min-h-11 items-center rounded-full px-4 text-sm font-bold";
const primary = `${linkClass} bg-ink text-gold-light hover:bg-grape`;
const secondary = `${linkClass} border-2 border-ink/15 hover:border-grape hover:text-grape`;

/** The dashboard's drop at a glance: the live one (found / still hidden), else the next one, else "no drop planned". */
export function DashboardDropCard({ drop, now }: { drop: DashboardDrop; now: number }) {
  const { t } = useTranslation();
  const dates = useDates();
  const pick = useBilingual();
  return (
    <Card className="mb-6 bg-gold-light/40" data-testid="dashboard-drop" data-state={drop?.state ?? "none"}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {drop?.state === "live" ? (
            <RadioIcon aria-hidden="true" className="size-5 text-grape" />
          ) : drop ? (
            <TimerIcon aria-hidden="true" className="size-5 text-grape" />
          ) : (
            <CalendarPlusIcon aria-hidden="true" className="size-5 text-muted-foreground" />
          )}
          {drop?.state === "live"
            ? t("admin.dashboard.drop.live")
            : drop
              ? t("admin.dashboard.drop.next")
              : t("admin.dashboard.drop.none")}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {drop?.state === "live" && (
          <>
            <p className="font-display text-xl font-extrabold wrap-anywhere">{pick(drop.drop.title)}</p>
            <p className="text-sm font-semibold" data-testid="dashboard-drop-counts">
              {t("admin.dashboard.drop.counts", {
                found: drop.drop.found,
                total: drop.drop.total,
                hidden: drop.drop.hidden,
              })}
            </p>
            <div className="flex flex-wrap gap-2">
              <Link to={`/drops/${drop.drop.id}`} className={primary}>
                {t("admin.dashboard.drop.open")}
              </Link>
              <Link to="/admin/drops" className={secondary}>
                {t("admin.dashboard.drop.manage")}
              </Link>
            </div>
          </>
        )}
        {drop?.state === "waiting" && (
          <>
            <p className="font-display text-xl font-extrabold wrap-anywhere">{pick(drop.title)}</p>
            <p className="grid gap-1 text-sm sm:flex sm:flex-wrap sm:gap-x-3">
              <span className="font-semibold" data-testid="dashboard-drop-start">
                {t("admin.dashboard.drop.startsAt", { when: dates.dayTime(drop.releaseAt) })}
              </span>
              <span className="font-bold text-grape" data-testid="dashboard-drop-in">
                {new Date(drop.releaseAt).getTime() > now
                  ? dates.fromNow(drop.releaseAt, now)
                  : t("admin.dashboard.drop.due")}
              </span>
              <span data-testid="dashboard-drop-figures">
                {t("admin.dashboard.drop.figures", { count: drop.figures })}
              </span>
            </p>
            <div className="flex flex-wrap gap-2">
              <Link to={`/admin/drops#drop-${drop.id}`} className={primary}>
                {t("admin.dashboard.drop.edit")}
              </Link>
            </div>
          </>
        )}
        {!drop && (
          <>
            <p className="text-sm text-muted-foreground">{t("admin.dashboard.drop.noneHint")}</p>
            <div>
              <Link to="/admin/drops" className={primary}>
                {t("admin.dashboard.drop.create")}
              </Link>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
