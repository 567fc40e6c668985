import { and, eq } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { cities, cityFollows } from "../../db/schema.ts";
import { assertSignedIn, DomainError, type Actor } from "../errors.ts";

/** A collector follows a city (its drop notices reach them) or stops following it. */
export async function followCity(db: DbOrTx, actor: Actor | null, cityId: number, follow: boolean): Promise<void> {
  assertSignedIn(actor);
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId));
  if (!city) throw new DomainError("notFound", 404);
  if (follow) await db.insert(cityFollows).values({ userId: actor.id, cityId }).onConflictDoNothing();
  else await db.delete(cityFollows).where(and(eq(cityFollows.userId, actor.id), eq(cityFollows.cityId, cityId)));
}

/** The ids of the cities a person follows. */
export async function followedCityIds(db: DbOrTx, userId: string): Promise<number[]> {
  const rows = await db.select({ cityId: cityFollows.cityId }).from(cityFollows).where(eq(cityFollows.userId, userId));
  return rows.map((r) => r.cityId);
}
