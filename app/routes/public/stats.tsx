import { GhostIcon, PartyPopperIcon, SearchIcon, UsersIcon } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { PageShell } from "~/components/page-shell";
import { RarityBadge } from "~/components/rarity-badge";
import { Card } from "~/components/ui/card";
import { fontPreloads } from "~/components/landing/fonts";
import { getServices } from "~/guards.server";
import { pageMeta } from "~/lib/meta";
import { getPublicStats } from "#server/domain/stats/public-stats.ts";
import { CitySwitch } from "~/components/cities/city-switch";
import { citySearch } from "~/lib/city-search.server";
import { findsPerWeek } from "#server/domain/stats/week-charts.ts";
import { barChartLayout } from "~/lib/chart-layout.server";
import { BarChart } from "~/components/charts/bar-chart";
import { useDates } from "~/lib/use-dates";
import type { Route } from "./+types/stats";
import { HYDRATE_PUBLIC } from "~/components/deferred-scripts";

export const links: Route.LinksFunction = () => fontPreloads();

// Painted before React's scripts are fetched; see deferred-scripts.
export const handle = HYDRATE_PUBLIC;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "stats.metaTitle", "stats.metaDescription");

const RARITIES = ["Common", "Rare", "Legendary"] as const;

// Every city, or one (`?city=kiel`, decision 053): then its weeks are counted on its own calendar.
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const { city, cities } = await citySearch(services.db, new URL(request.url));
  const [stats, weeks] = await Promise.all([
    getPublicStats(services.db, city ? { cityId: city.id } : null),
    findsPerWeek(services.db, city?.timeZone ?? services.config.TIME_ZONE, city?.id ?? null),
  ]);
  const charts = {
    findsPerWeek: {
      layout: barChartLayout(weeks.map((w) => ({ group: w.day, key: "finds", value: w.count }))),
      total: weeks.reduce((sum, w) => sum + w.count, 0),
    },
    rarity: { layout: barChartLayout(RARITIES.map((r) => ({ group: r, key: "figures", value: stats.rarity[r] }))) },
  };
  return { ...stats, charts, city: city?.slug ?? null, cities };
}

const RARITY_FILL: Record<string, string> = { Common: "fill-slime", Rare: "fill-grape", Legendary: "fill-gold" };

const RARITY_BAR: Record<string, string> = { Common: "bg-slime", Rare: "bg-grape", Legendary: "bg-gold" };

export default function Stats({ loaderData: s }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const dates = useDates();
  const number = (n: number) => n.toLocaleString(i18n.language === "en" ? "en-GB" : "de-DE");
  const totals = [
    { key: "totalFigures" as const, value: s.totalFigures, Icon: GhostIcon, tone: "bg-grape-light text-grape" },
    { key: "totalCollectors" as const, value: s.totalCollectors, Icon: UsersIcon, tone: "bg-slime-light text-[#1d6b3c]" },
    { key: "totalClaims" as const, value: s.totalClaims, Icon: PartyPopperIcon, tone: "bg-ember-light text-[#a8401a]" },
    { key: "unclaimed" as const, value: s.unclaimed, Icon: SearchIcon, tone: "bg-gold-light text-[#7a4a00]" },
  ];
  return (
    <PageShell title={t("stats.title")} intro={t("stats.intro")}>
      <CitySwitch cities={s.cities} selected={s.city} />
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
        {totals.map((item) => (
          <li key={item.key}>
            <Card className="h-full p-4 sm:p-5" data-testid={`stat-${item.key}`}>
              <span aria-hidden="true" className={`inline-flex size-11 items-center justify-center rounded-full ${item.tone}`}>
                <item.Icon className="size-6" />
              </span>
              <p className="mt-2 font-display text-3xl font-extrabold tabular-nums sm:text-4xl" data-testid="stat-value">
                {number(item.value)}
              </p>
              <p className="text-sm font-semibold text-ink-soft">{t(`stats.${item.key}`)}</p>
            </Card>
          </li>
        ))}
      </ul>
      <div className="mt-6 grid grid-cols-1 gap-5 md:grid-cols-[2fr_1fr]">
        <Card className="p-5">
          <h2 className="font-display text-2xl font-bold">{t("stats.rarity")}</h2>
          <ul className="mt-4 grid gap-4">
            {(["Common", "Rare", "Legendary"] as const).map((r) => {
              const count = s.rarity[r];
              const percent = s.totalFigures ? Math.round((count / s.totalFigures) * 100) : 0;
              return (
                <li key={r} data-testid={`stat-rarity-${r}`}>
                  <div className="flex items-center justify-between gap-3">
                    <RarityBadge rarity={r} />
                    <span className="font-display text-xl font-bold tabular-nums" data-testid="stat-value">
                      {number(count)}
                    </span>
                  </div>
                  <div className="mt-1.5 h-3 overflow-hidden rounded-full bg-paper-deep" aria-hidden="true">
                    <div className={`h-full rounded-full ${RARITY_BAR[r]}`} style={{ width: `${percent}%` }} />
                  </div>
                  <p className="sr-only">{t("stats.share", { percent })}</p>
                </li>
              );
            })}
          </ul>
        </Card>
        <Card className="flex flex-col justify-center p-5" data-testid="stat-series">
          <h2 className="font-display text-2xl font-bold">{t("stats.series")}</h2>
          <p className="mt-2 font-display text-5xl font-extrabold tabular-nums text-grape" data-testid="stat-value">
            {number(s.series)}
          </p>
          <p className="text-sm font-semibold text-ink-soft">{t("stats.seriesText")}</p>
        </Card>
      </div>
      <div className="mt-6 grid grid-cols-1 gap-5 md:grid-cols-2">
        <Card className="p-5">
          <BarChart
            testId="chart-findsPerWeek"
            layout={s.charts.findsPerWeek.layout}
            title={t("charts.findsPerWeek.title")}
            lead={t("charts.findsPerWeek.lead", { count: s.charts.findsPerWeek.total })}
            groupLabel={dates.shortDay}
            groupHead={t("charts.weekOf")}
            labelEvery={2}
          />
        </Card>
        <Card className="p-5">
          <BarChart
            testId="chart-rarity"
            layout={s.charts.rarity.layout}
            title={t("charts.rarity.title")}
            lead={t("charts.rarity.lead", { count: s.totalFigures })}
            groupHead={t("stats.rarity")}
            groupTones={RARITY_FILL}
          />
        </Card>
      </div>
    </PageShell>
  );
}
