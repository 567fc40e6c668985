import { Link } from "react-router";
import { PageShell } from "~/components/page-shell";
import { Card } from "~/components/ui/card";
import { fontPreloads } from "~/components/landing/fonts";
import { HYDRATE_PUBLIC } from "~/components/deferred-scripts";
import { useBilingual } from "~/components/drops/bilingual";
import { LandingDrop } from "~/components/drops/landing-drop";
import { SafetyRules } from "~/components/drops/safety-rules";
import { useDropEvents } from "~/components/drops/use-drop-events";
import { getServices } from "~/guards.server";
import { pageMeta } from "~/lib/meta";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { getLandingDrop, listPastDrops } from "#server/domain/drops/public-drops.ts";
import { CitySwitch } from "~/components/cities/city-switch";
import { citySearch } from "~/lib/city-search.server";
import type { Route } from "./+types/drops";

export const links: Route.LinksFunction = () => fontPreloads();

// Painted before React's scripts are fetched; see deferred-scripts.
export const handle = HYDRATE_PUBLIC;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "drops.list.metaTitle", "drops.list.metaDescription");

// Every city's drops, or one city's (`?city=kiel`, decision 053).
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getServices(context).db;
  const { city, cities } = await citySearch(db, new URL(request.url));
  const cityId = city?.id ?? null;
  const [current, released] = await Promise.all([getLandingDrop(db, cityId), listPastDrops(db, 100, cityId)]);
  // the upcoming or running drop stands on top; a finished one is only in the archive
  const upcoming = current?.state === "done" ? null : current;
  const liveId = upcoming?.state === "live" ? upcoming.drop.id : null;
  return {
    current: upcoming,
    drops: released.filter((d) => d.id !== liveId),
    now: Date.now(),
    city: city?.slug ?? null,
    cities,
  };
}

/** The next or running drop (live over the drop stream, like the landing page), then the archive, newest first. */
export default function Drops({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const pick = useBilingual();
  // also without a drop: a newly scheduled one appears
  useDropEvents();
  const { current, drops } = loaderData;
  return (
    <PageShell title={t("drops.list.title")} intro={t("drops.list.intro")}>
      <CitySwitch cities={loaderData.cities} selected={loaderData.city} />
      <div data-live="drops-current" className="mb-8 empty:hidden">
        {current && <LandingDrop drop={current} serverNow={loaderData.now} className="rounded-2xl border-2 border-ink/10" />}
      </div>
      <div data-live="drops-past">
        {drops.length === 0 ? (
          !current && (
            <p className="text-ink-soft" data-testid="drops-empty">
              {t("drops.list.empty")}
            </p>
          )
        ) : (
          <section aria-labelledby="past-drops">
            <h2 id="past-drops" className="mb-4 font-display text-2xl font-bold">
              {t("drops.list.pastTitle")}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="drops-list">
              {drops.map((d) => (
                <li key={d.id}>
                  <Card className="h-full p-5">
                    <h3 className="font-display text-xl font-bold wrap-anywhere">
                      <Link to={`/drops/${d.id}`} className="hover:underline">
                        {pick(d.title)}
                      </Link>
                    </h3>
                    <p className="mt-1 text-sm text-ink-soft">{dates.dayTimeIn(d.releasedAt, d.timeZone)}</p>
                    {pick(d.area) && <p className="mt-1 wrap-anywhere">{t("drops.area", { area: pick(d.area) })}</p>}
                    <p className="mt-2 font-semibold">{t("drops.list.found", { found: d.found, total: d.total })}</p>
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <div className="mt-8">
        <SafetyRules />
      </div>
    </PageShell>
  );
}
