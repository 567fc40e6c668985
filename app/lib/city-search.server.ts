import type { DbOrTx } from "#server/db/client.ts";
import { listCities, publicCity, type PublicCity } from "#server/domain/cities/list-cities.ts";

/**
 * The `?city=<slug>` of a public list page (gallery, drops, leaderboard, stats; decision 053): the chosen
 * city (null: all cities, also for a slug no city has) and every city for the page's city switch.
 */
export async function citySearch(db: DbOrTx, url: URL): Promise<{ city: PublicCity | null; cities: PublicCity[] }> {
  const cities = (await listCities(db)).map(publicCity);
  const slug = (url.searchParams.get("city") ?? "").trim().toLowerCase();
  return { city: cities.find((c) => c.slug === slug) ?? null, cities };
}
