import { asc, desc, eq } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { cities, type City } from "../../db/schema.ts";

/** Every city, active ones first, then by German name (the first city first among equals). */
export async function listCities(db: DbOrTx): Promise<City[]> {
  return db.select().from(cities).orderBy(desc(cities.active), asc(cities.nameDe), asc(cities.id));
}

/** A city by its slug (the `/{city}` page, `?city=`), or null. */
export async function findCityBySlug(db: DbOrTx, slug: string): Promise<City | null> {
  const [city] = await db.select().from(cities).where(eq(cities.slug, slug.toLowerCase()));
  return city ?? null;
}

/** A city by id, or null. */
export async function findCity(db: DbOrTx, id: number): Promise<City | null> {
  const [city] = await db.select().from(cities).where(eq(cities.id, id));
  return city ?? null;
}

/** What a public page needs of a city: no operator details, no checklist state. */
export type PublicCity = Pick<
  City,
  "id" | "slug" | "nameDe" | "nameEn" | "timeZone" | "country" | "areaDe" | "areaEn" | "active"
>;

export const publicCity = (c: City): PublicCity => ({
  id: c.id,
  slug: c.slug,
  nameDe: c.nameDe,
  nameEn: c.nameEn,
  timeZone: c.timeZone,
  country: c.country,
  areaDe: c.areaDe,
  areaEn: c.areaEn,
  active: c.active,
});
