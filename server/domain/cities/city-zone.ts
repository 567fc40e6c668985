import { eq } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { cities, drops } from "../../db/schema.ts";

/**
 * The time zone a city's times are typed and read in (decision 053, follow-up): a drop's release and its
 * hints are the city's local time. `fallback` (the site's zone) when the city is unknown; the domain
 * command refuses that city anyway.
 */
export async function cityTimeZone(db: DbOrTx, cityId: number, fallback: string): Promise<string> {
  const [city] = await db.select({ zone: cities.timeZone }).from(cities).where(eq(cities.id, cityId));
  return city?.zone ?? fallback;
}

/** The zone of a drop's city (its hints' times), or `fallback` for an unknown drop. */
export async function dropTimeZone(db: DbOrTx, dropId: string, fallback: string): Promise<string> {
  const [row] = await db
    .select({ zone: cities.timeZone })
    .from(drops)
    .innerJoin(cities, eq(cities.id, drops.cityId))
    .where(eq(drops.id, dropId));
  return row?.zone ?? fallback;
}
