import { and, desc, eq, sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { figureCardColumns } from "../../db/figure-columns.ts";
import { instanceNumber } from "../../db/figure-search.ts";
import { boonees, profiles, userAchievements } from "../../db/schema.ts";
import { assertSignedIn, type Actor } from "../errors.ts";

/** The signed-in user's own profile: counts by rarity, achievements, owned figures (newest first). */
export async function getProfileSummary(db: DbOrTx, actor: Actor | null) {
  assertSignedIn(actor);
  const [profile] = await db
    .select({ name: profiles.name, email: profiles.email, createdAt: profiles.createdAt, hideName: profiles.hideName })
    .from(profiles)
    .where(eq(profiles.id, actor.id));
  const [counts] = await queryRows<{ total: number; common: number; rare: number; legendary: number }>(
    db,
    sql`select count(*)::int as total,
               count(*) filter (where rarity = 'Common')::int as common,
               count(*) filter (where rarity = 'Rare')::int as rare,
               count(*) filter (where rarity = 'Legendary')::int as legendary
        from ${boonees} where owner_id = ${actor.id}`,
  );
  const achievements = await db
    .select({ key: userAchievements.achievement, unlockedAt: userAchievements.unlockedAt })
    .from(userAchievements)
    .where(eq(userAchievements.userId, actor.id))
    .orderBy(desc(userAchievements.unlockedAt));
  // An instance's number within its type: see instanceNumber.
  const owned = await db
    .select({
      ...figureCardColumns,
      claimedAt: boonees.claimedAt,
      // its city's zone: a find is dated on that city's calendar (decision 053)
      timeZone: sql<string>`(select c.time_zone from cities c where c.id = boonees.city_id)`,
      reportedIssue: boonees.reportedIssue,
      // qualified by hand: drizzle leaves a one-table select's columns bare, which the subquery would take as its own
      instanceNumber,
      typeInstances:
        sql<number>`1 + (select count(*) from boonees o where o.template_id = coalesce(boonees.template_id, boonees.id))`.mapWith(
          Number,
        ),
    })
    .from(boonees)
    .where(and(eq(boonees.ownerId, actor.id)))
    .orderBy(desc(boonees.claimedAt))
    .limit(500);
  return { profile, counts, achievements, owned };
}
