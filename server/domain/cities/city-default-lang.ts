import { eq } from "drizzle-orm";

import { CITY_SLUG_PATTERN, isReservedCitySlug } from "#shared/city-slug.ts";
import type { Lang } from "#shared/i18n-config.ts";

import type { DbOrTx } from "../../db/client.ts";
import { cities } from "../../db/schema.ts";

/**
 * The language a city page (`/{slug}`) opens in for a visitor who has not chosen one (no language
 * cookie; decision 053, follow-up): the city's default language. Null for every other path, so only a
 * one-segment path that could be a city's asks the database.
 */
export async function cityDefaultLang(db: DbOrTx, pathname: string): Promise<Lang | null> {
  // a client navigation's data request (`/tokio.data`) asks for the same page
  const slug = /^\/([^/]+?)(?:\.data)?\/?$/.exec(pathname)?.[1]?.toLowerCase();
  if (!slug || !CITY_SLUG_PATTERN.test(slug) || isReservedCitySlug(slug)) return null;
  const [city] = await db.select({ lang: cities.defaultLang }).from(cities).where(eq(cities.slug, slug));
  return city?.lang ?? null;
}
