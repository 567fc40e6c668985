import { and, desc, eq, isNotNull, or } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { contains } from "../../db/like-pattern.ts";
import { boonees, profiles } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { inStaffCities } from "../staff-scope.ts";

/** What the broadcast form offers: the distinct series, and owned figures (optionally searched). */
export async function getBroadcastOptions(db: DbOrTx, actor: Actor | null, query: { figureQ?: string } = {}) {
  assertRole(actor, ["admin"]);
  const seriesRows = await db
    .selectDistinct({ series: boonees.series })
    .from(boonees)
    .where(and(isNotNull(boonees.series), inStaffCities(actor, boonees.cityId)))
    .orderBy(boonees.series)
    .limit(500);
  const q = query.figureQ?.trim();
  const figures = await db
    .select({
      id: boonees.id,
      name: boonees.name,
      series: boonees.series,
      rarity: boonees.rarity,
      ownerName: profiles.name,
    })
    .from(boonees)
    .leftJoin(profiles, eq(profiles.id, boonees.ownerId))
    .where(
      and(
        isNotNull(boonees.ownerId),
        inStaffCities(actor, boonees.cityId),
        q ? or(contains(boonees.name, q), contains(boonees.series, q), contains(profiles.name, q)) : undefined,
      ),
    )
    .orderBy(desc(boonees.claimedAt), boonees.id)
    .limit(50);
  return { series: seriesRows.map((r) => r.series).filter((s): s is string => !!s), figures };
}
