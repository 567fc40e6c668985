import { PersonName } from "~/components/person-name";
import { MedalIcon } from "lucide-react";
import { useTranslation } from "~/lib/use-translation";
import { Link } from "react-router";
import { PageShell } from "~/components/page-shell";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { fontPreloads } from "~/components/landing/fonts";
import { getServices, getViewer } from "~/guards.server";
import { pageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";
import { getLeaderboards, type LeaderboardRow } from "#server/domain/stats/public-leaderboard.ts";
import { CitySwitch } from "~/components/cities/city-switch";
import { citySearch } from "~/lib/city-search.server";
import type { Route } from "./+types/leaderboard";
import { SLIME_AA } from "~/components/landing/tones";
import { HYDRATE_PUBLIC } from "~/components/deferred-scripts";
import { dataKey } from "~/locales/message-key";

export const links: Route.LinksFunction = () => fontPreloads();

// Painted before React's scripts are fetched; see deferred-scripts.
export const handle = HYDRATE_PUBLIC;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "leaderboard.metaTitle", "leaderboard.metaDescription");

// Overall, per city (`?city=kiel`) or per country (`?country=DE`), decision 053.
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const db = getServices(context).db;
  const { city, cities } = await citySearch(db, url);
  const country = city ? null : ((url.searchParams.get("country") ?? "").toUpperCase().match(/^[A-Z]{2}$/)?.[0] ?? null);
  const scope = city ? { cityId: city.id } : country ? { country } : null;
  const boards = await getLeaderboards(db, getViewer(context)?.id ?? null, scope);
  return { ...boards, city: city?.slug ?? null, country, cities };
}

const MEDALS: Record<number, { color: string; ring: string }> = {
  1: { color: "text-[#8a5a00]", ring: "bg-gold-light" },
  2: { color: "text-[#6b6880]", ring: "bg-[#e8e6f0]" },
  3: { color: "text-[#a8401a]", ring: "bg-ember-light" },
};

const AVATAR_COLORS = ["bg-grape text-white", "bg-slime text-white", "bg-ember text-white", "bg-gold text-white", "bg-ink text-paper"];

function Board({ id, title, hint, rows, countKey }: { id: string; title: string; hint: string; rows: LeaderboardRow[]; countKey: string }) {
  const { t } = useTranslation();
  return (
    <Card className="p-3 sm:p-5" data-testid={`board-${id}`}>
      <h2 id={`board-${id}-title`} className="font-display text-2xl font-bold">
        {title}
      </h2>
      <p className="text-sm text-ink-soft">{hint}</p>
      {rows.length === 0 ? (
        <div className="mt-6 text-center">
          <p className="text-ink-soft">{t("leaderboard.empty")}</p>
          <Button asChild variant="slime" className={`mt-4 ${SLIME_AA}`}>
            <Link to="/claim">{t("leaderboard.claimCta")}</Link>
          </Button>
        </div>
      ) : (
        <ol aria-labelledby={`board-${id}-title`} className="mt-4 grid grid-cols-1 gap-2">
          {rows.map((row) => {
            const name = row.name ?? t("common.anonymous");
            const medal = MEDALS[row.rank];
            return (
              <li
                key={row.rank}
                className={cn(
                  "flex items-center gap-2 rounded-xl px-2 py-2 sm:gap-3 sm:px-3",
                  medal ? medal.ring : "bg-paper",
                  row.mine && "outline-3 outline-offset-1 outline-grape",
                )}
                data-testid="leaderboard-row"
                data-mine={row.mine || undefined}
                aria-current={row.mine ? "true" : undefined}
              >
                <span className="w-8 shrink-0 text-center font-display text-xl font-extrabold tabular-nums">
                  {medal ? (
                    <span role="img" aria-label={`${t("leaderboard.rank", { rank: row.rank })}, ${t(dataKey(`leaderboard.medal.${row.rank}`))}`} data-testid="medal" className="inline-flex">
                      <MedalIcon className={cn("size-7", medal.color)} strokeWidth={2.5} />
                    </span>
                  ) : (
                    <>
                      <span className="sr-only">{t("leaderboard.rank", { rank: row.rank })}</span>
                      <span aria-hidden="true">{row.rank}</span>
                    </>
                  )}
                </span>
                <span
                  aria-hidden="true"
                  className={cn("hidden size-10 shrink-0 items-center justify-center rounded-full font-display text-lg font-bold sm:inline-flex", AVATAR_COLORS[(row.rank - 1) % AVATAR_COLORS.length])}
                >
                  {name.trim().charAt(0).toUpperCase() || "?"}
                </span>
                {/* two lines at most, broken anywhere: a long name stays readable at 375 px */}
                <PersonName className="line-clamp-2 min-w-0 flex-1 font-bold wrap-anywhere" data-testid="leaderboard-name">
                  {name}
                </PersonName>
                {row.mine && <span className="shrink-0 text-sm font-semibold text-grape">{t("leaderboard.you")}</span>}
                <span className="shrink-0 font-display font-bold tabular-nums" data-testid="leaderboard-count">
                  {t(dataKey(countKey), { count: row.count })}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

export default function Leaderboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <PageShell title={t("leaderboard.title")} intro={t("leaderboard.intro")}>
      <CitySwitch cities={loaderData.cities} selected={loaderData.city} />
      <CountryLinks cities={loaderData.cities} selected={loaderData.country} />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <Board id="collectors" title={t("leaderboard.collectors")} hint={t("leaderboard.collectorsHint")} rows={loaderData.collectors} countKey="leaderboard.count" />
        <Board id="legends" title={t("leaderboard.legends")} hint={t("leaderboard.legendsHint")} rows={loaderData.legends} countKey="leaderboard.legendCount" />
      </div>
    </PageShell>
  );
}

/** The boards per country, when the cities lie in more than one (decision 053). */
function CountryLinks({ cities, selected }: { cities: { country: string }[]; selected: string | null }) {
  const { t, i18n } = useTranslation();
  const countries = [...new Set(cities.map((c) => c.country))].sort();
  if (countries.length < 2) return null;
  const names = new Intl.DisplayNames([i18n.language === "en" ? "en" : "de"], { type: "region" });
  return (
    <nav aria-label={t("cities.countries")} className="mb-6 flex flex-wrap gap-3 text-sm font-bold">
      {countries.map((c) => (
        <Link key={c} to={`/leaderboard?country=${c}`} aria-current={c === selected ? "page" : undefined} className="underline">
          {names.of(c) ?? c}
        </Link>
      ))}
    </nav>
  );
}
