import { useTranslation } from "~/lib/use-translation";
import { Link, useNavigation } from "react-router";
import { FigureCard } from "~/components/figure-card";
import { GalleryFilters } from "~/components/gallery/gallery-filters";
import { PageShell } from "~/components/page-shell";
import { Button } from "~/components/ui/button";
import { fontPreloads } from "~/components/landing/fonts";
import { getServices } from "~/guards.server";
import { pageMeta } from "~/lib/meta";
import { parseGallerySearch } from "#shared/schemas/gallery.ts";
import { listGallery } from "#server/domain/figures/public-gallery.ts";
import { CitySwitch } from "~/components/cities/city-switch";
import { citySearch } from "~/lib/city-search.server";
import type { Route } from "./+types/gallery";
import { HYDRATE_PUBLIC } from "~/components/deferred-scripts";

export const links: Route.LinksFunction = () => fontPreloads();

// Painted before React's scripts are fetched; see deferred-scripts.
export const handle = HYDRATE_PUBLIC;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "gallery.metaTitle", "gallery.metaDescription");

// `/boonees` is the gallery of every city, with a visible city switch (`?city=kiel`, decision 053).
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const db = getServices(context).db;
  const search = parseGallerySearch(url.searchParams);
  const { city, cities } = await citySearch(db, url);
  const result = await listGallery(db, search, city?.id ?? null);
  return { ...result, q: search.q, rarity: search.rarity, city: city?.slug ?? null, cities };
}

function pageHref(q: string, rarity: string | null, page: number, city: string | null) {
  const params = new URLSearchParams();
  if (city) params.set("city", city);
  if (q) params.set("q", q);
  if (rarity) params.set("rarity", rarity);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `/boonees?${s}` : "/boonees";
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { cards, page, hasMore, q, rarity, city, cities } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/boonees";
  return (
    <PageShell title={t("gallery.title")} intro={t("gallery.intro")}>
      <CitySwitch cities={cities} selected={city} keep={{ q, rarity }} />
      <GalleryFilters q={q} rarity={rarity} city={city} />
      <section aria-labelledby="gallery-results" aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
        <h2 id="gallery-results" className="sr-only">
          {t("gallery.results")}
          {page > 1 ? ` – ${t("gallery.page", { page })}` : ""}
        </h2>
        {cards.length === 0 ? (
          <div className="mt-10 flex flex-col items-center rounded-2xl border-2 border-dashed border-ink/15 px-4 py-12 text-center" data-testid="gallery-empty">
            <img src="/images/boonee-lost.svg" alt="" width={120} height={120} className="size-28" />
            <p className="mt-4 font-display text-2xl font-bold">{t("gallery.empty")}</p>
            <p className="mt-1 text-muted-foreground">{t("gallery.emptyHint")}</p>
            {(q || rarity) && (
              <Button asChild variant="outline" className="mt-6">
                <Link to="/boonees">{t("gallery.reset")}</Link>
              </Button>
            )}
          </div>
        ) : (
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
            {cards.map((card, i) => (
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
        {(page > 1 || hasMore) && (
          <nav aria-label={t("gallery.pagination")} className="mt-8 flex flex-wrap items-center justify-center gap-3">
            {page > 1 && (
              <Button asChild variant="outline">
                <Link to={pageHref(q, rarity, page - 1, city)} rel="prev">
                  {t("gallery.previous")}
                </Link>
              </Button>
            )}
            {hasMore && (
              <Button asChild>
                <Link to={pageHref(q, rarity, page + 1, city)} rel="next">
                  {t("gallery.next")}
                </Link>
              </Button>
            )}
          </nav>
        )}
      </section>
    </PageShell>
  );
}
