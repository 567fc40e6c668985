import { data, Form, Link, redirect, useRouteLoaderData } from "react-router";

import { findCityBySlug, publicCity } from "#server/domain/cities/list-cities.ts";
import { followCity, followedCityIds } from "#server/domain/cities/follow-city.ts";
import { getLandingDrop } from "#server/domain/drops/public-drops.ts";
import { listGallery } from "#server/domain/figures/public-gallery.ts";
import { getLeaderboards } from "#server/domain/stats/public-leaderboard.ts";
import { getPublicStats } from "#server/domain/stats/public-stats.ts";
import { parseGallerySearch } from "#shared/schemas/gallery.ts";
import type { RootData } from "#server/root-data.ts";
import { HYDRATE_PUBLIC } from "~/components/deferred-scripts";
import { LandingDrop } from "~/components/drops/landing-drop";
import { useDropEvents } from "~/components/drops/use-drop-events";
import { FigureCard } from "~/components/figure-card";
import { fontPreloads } from "~/components/landing/fonts";
import { PageShell } from "~/components/page-shell";
import { PersonName } from "~/components/person-name";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { getServices, getViewer } from "~/guards.server";
import { intent, intentAction } from "~/intents.server";
import { cityName } from "~/lib/city-name";
import { langOf, tMeta } from "~/lib/meta";
import { CityZone } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

import type { Route } from "./+types/city";

export const links: Route.LinksFunction = () => fontPreloads();

// Painted before React's scripts are fetched; see deferred-scripts.
export const handle = HYDRATE_PUBLIC;

export const meta: Route.MetaFunction = ({ loaderData: d, matches }) => {
  if (!d) return [{ title: `${tMeta(matches, "errors.notFound")} · Boonees` }, { name: "robots", content: "noindex" }];
  const name = cityName(d.city, langOf(matches));
  return [
    { title: `${name} · Boonees` },
    { name: "description", content: tMeta(matches, "cities.page.metaDescription", { city: name }) },
  ];
};

/** `/{city}` (decision 053): the city's next drop, gallery, leaderboard and numbers; a slug no city has is 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const found = await findCityBySlug(db, params.city);
  if (!found) throw data(null, { status: 404 });
  const viewer = getViewer(context);
  const scope = { cityId: found.id };
  const [drop, gallery, boards, stats, followed] = await Promise.all([
    getLandingDrop(db, found.id),
    listGallery(db, parseGallerySearch(new URLSearchParams()), found.id),
    getLeaderboards(db, viewer?.id ?? null, scope),
    getPublicStats(db, scope),
    viewer ? followedCityIds(db, viewer.id) : Promise.resolve(null),
  ]);
  return {
    city: publicCity(found),
    drop,
    now: Date.now(),
    cards: gallery.cards.slice(0, 12),
    moreCards: gallery.cards.length > 12 || gallery.hasMore,
    collectors: boards.collectors,
    stats,
    following: followed === null ? null : followed.includes(found.id),
  };
}

/** Follow or unfollow the city (its drop notices), back to its page; signed out goes to sign-in and back. */
const follows = (follow: boolean) =>
  intent({
    run: async (_input, { services, viewer, actor, params }) => {
      const city = await findCityBySlug(services.db, params.city ?? "");
      if (!city) throw data(null, { status: 404 });
      if (!viewer) return redirect(`/auth?redirect=${encodeURIComponent(`/${city.slug}`)}`);
      await followCity(services.db, actor(), city.id, follow);
      return redirect(`/${city.slug}`);
    },
  });

export const action = intentAction({ follow: follows(true), unfollow: follows(false) }, { access: "public" });

export default function CityPage({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const root = useRouteLoaderData<RootData>("root");
  useDropEvents();
  const name = cityName(d.city, i18n.language);
  const area = i18n.language === "en" ? d.city.areaEn || d.city.areaDe : d.city.areaDe;
  const siteZone = root?.settings.timeZone;
  return (
    <CityZone.Provider value={d.city.timeZone}>
      <PageShell
        title={name}
        intro={area || undefined}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <Badge variant={d.city.active ? "success" : "warning"}>
              {d.city.active ? t("cities.list.active") : t("cities.list.comingSoon")}
            </Badge>
            <Form method="post">
              <input type="hidden" name="intent" value={d.following ? "unfollow" : "follow"} />
              <Button type="submit" variant={d.following ? "outline" : "default"} data-testid="city-follow">
                {d.following ? t("cities.page.unfollow") : t("cities.page.follow")}
              </Button>
            </Form>
          </div>
        }
      >
        {siteZone && siteZone !== d.city.timeZone && (
          <p className="mb-4 text-sm text-ink-soft" data-testid="city-zone-note">
            {t("cities.page.zoneNote", { city: name, zone: d.city.timeZone })}
          </p>
        )}
        <div data-live="city-drop" className="mb-8 empty:hidden">
          {d.drop && <LandingDrop drop={d.drop} serverNow={d.now} className="rounded-2xl border-2 border-ink/10" />}
        </div>
        <section aria-labelledby="city-gallery">
          <h2 id="city-gallery" className="mb-4 font-display text-2xl font-bold">
            {t("cities.page.gallery")}
          </h2>
          {d.cards.length === 0 ? (
            <p className="text-ink-soft" data-testid="city-gallery-empty">
              {t("cities.page.galleryEmpty")}
            </p>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4" data-testid="city-gallery">
              {d.cards.map((card, i) => (
                <li key={card.id}>
                  <FigureCard
                    id={card.id}
                    name={card.name}
                    imageUrl={card.imageUrl}
                    rarity={card.rarity}
                    series={card.series}
                    counter={{ claimed: card.claimedCount, total: card.totalInstances }}
                    priority={i < 4}
                  />
                </li>
              ))}
            </ul>
          )}
          <p className="mt-4">
            <Link to={`/boonees?city=${d.city.slug}`} className="font-bold underline">
              {t("cities.page.allFigures")}
            </Link>
          </p>
        </section>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <Card className="p-5" data-testid="city-leaderboard">
            <h2 className="font-display text-2xl font-bold">{t("cities.page.leaderboard")}</h2>
            {d.collectors.length === 0 ? (
              <p className="mt-2 text-ink-soft">{t("leaderboard.empty")}</p>
            ) : (
              <ol className="mt-3 grid gap-1">
                {d.collectors.map((row) => (
                  <li key={row.rank} className="flex justify-between gap-2">
                    <span>
                      {row.rank}. <PersonName>{row.name ?? t("common.anonymous")}</PersonName>
                    </span>
                    <span className="font-bold">{t("leaderboard.count", { count: row.count })}</span>
                  </li>
                ))}
              </ol>
            )}
            <Link to={`/leaderboard?city=${d.city.slug}`} className="mt-3 inline-block text-sm font-bold underline">
              {t("cities.page.moreLeaderboard")}
            </Link>
          </Card>
          <Card className="p-5" data-testid="city-stats">
            <h2 className="font-display text-2xl font-bold">{t("cities.page.stats")}</h2>
            <dl className="mt-3 grid grid-cols-2 gap-2">
              <dt>{t("stats.totalFigures")}</dt>
              <dd className="font-bold" data-testid="city-stat-figures">
                {d.stats.totalFigures}
              </dd>
              <dt>{t("stats.totalClaims")}</dt>
              <dd className="font-bold">{d.stats.totalClaims}</dd>
              <dt>{t("stats.totalCollectors")}</dt>
              <dd className="font-bold">{d.stats.totalCollectors}</dd>
            </dl>
            <Link to={`/stats?city=${d.city.slug}`} className="mt-3 inline-block text-sm font-bold underline">
              {t("cities.page.moreStats")}
            </Link>
          </Card>
        </div>
      </PageShell>
    </CityZone.Provider>
  );
}
