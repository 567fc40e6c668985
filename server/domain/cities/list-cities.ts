import { asc, desc, eq } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { cities, type City } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { assertStaffCity, inStaffCities } from "../staff-scope.ts";

/** Every city, active ones first, then by German name (the first city first among equals). */
export async function listCities(db: DbOrTx): Promise<City[]> {
  return db.select().from(cities).orderBy(desc(cities.active), asc(cities.nameDe), asc(cities.id));
}

/** The cities an admin works for (decision 058): every city for a global admin, else his own. */
export async function listStaffCities(db: DbOrTx, actor: Actor | null): Promise<City[]> {
  assertRole(actor, ["admin", "moderator"]);
  return db
    .select()
    .from(cities)
    .where(inStaffCities(actor, cities.id))
    .orderBy(desc(cities.active), asc(cities.nameDe), asc(cities.id));
}

/** One of the actor's cities by id (the city's admin page); null when there is none, 403 for another city's. */
export async function findStaffCity(db: DbOrTx, actor: Actor | null, id: number): Promise<City | null> {
  assertRole(actor, ["admin"]);
  const city = await findCity(db, id);
  if (city) assertStaffCity(actor, city.id);
  return city;
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

/** A city's own operator for the legal notice (/about), beside the deployment's (decision 053, follow-up). */
export interface CityOperator {
  slug: string;
  nameDe: string;
  name: string | null;
  address: string | null;
  email: string | null;
  representative: string | null;
}

/** The cities that name their own operator (any detail set), in the city list's order. */
export async function listCityOperators(db: DbOrTx): Promise<CityOperator[]> {
  return (await listCities(db))
    .filter((c) => c.operatorName || c.operatorAddress || c.operatorEmail || c.operatorRepresentative)
    .map((c) => ({
      slug: c.slug,
      nameDe: c.nameDe,
      name: c.operatorName,
      address: c.operatorAddress,
      email: c.operatorEmail,
      representative: c.operatorRepresentative,
    }));
}
