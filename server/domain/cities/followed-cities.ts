import { and, eq, inArray, notInArray, sql } from "drizzle-orm";

import type { Db, DbOrTx } from "../../db/client.ts";
import { publicFigureSql } from "../../db/figure-status-sql.ts";
import { boonees, cities, cityFollows } from "../../db/schema.ts";
import { assertSignedIn, DomainError, type Actor } from "../errors.ts";

/**
 * The notification settings' city list (decision 053): the followed cities become exactly `cityIds`, in one
 * transaction. An unknown id refuses the whole change.
 */
export async function setFollowedCities(db: Db, actor: Actor | null, cityIds: number[]): Promise<void> {
  assertSignedIn(actor);
  const wanted = [...new Set(cityIds)];
  await db.transaction(async (tx) => {
    if (wanted.length) {
      const known = await tx.select({ id: cities.id }).from(cities).where(inArray(cities.id, wanted));
      if (known.length !== wanted.length) throw new DomainError("notFound", 404);
    }
    await tx
      .delete(cityFollows)
      .where(
        wanted.length
          ? and(eq(cityFollows.userId, actor.id), notInArray(cityFollows.cityId, wanted))
          : eq(cityFollows.userId, actor.id),
      );
    if (wanted.length)
      await tx
        .insert(cityFollows)
        .values(wanted.map((cityId) => ({ userId: actor.id, cityId })))
        .onConflictDoNothing();
  });
}

/** The profile's finds per city (public figures the person owns), most first. */
export async function findsByCity(
  db: DbOrTx,
  userId: string,
): Promise<{ slug: string; nameDe: string; nameEn: string; finds: number }[]> {
  const rows = await db
    .select({ slug: cities.slug, nameDe: cities.nameDe, nameEn: cities.nameEn, finds: sql<number>`count(*)::int` })
    .from(boonees)
    .innerJoin(cities, eq(cities.id, boonees.cityId))
    .where(and(eq(boonees.ownerId, userId), publicFigureSql()))
    .groupBy(cities.id)
    .orderBy(sql`count(*) desc`, cities.nameDe);
  return rows.map((r) => ({ ...r, finds: Number(r.finds) }));
}
