import { count, desc, eq, isNull, sql } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { boonees, cities, claims, profiles } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { countFigures } from "../figures/figure-counts.ts";
import { countOpenReports, countReportedPhotos } from "../reports/open-reports.ts";

/** Totals for the dashboard and the 5 latest claims (admins and moderators). */
export async function getDashboard(db: DbOrTx, actor: Actor | null) {
  assertRole(actor, ["admin", "moderator"]);
  const { figures, tags: tagCounts } = await countFigures(db);
  const [users] = await db.select({ total: count() }).from(profiles).where(isNull(profiles.deletedAt));
  const [claimCounts] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${claims.status} = 'pending')`.mapWith(Number),
    })
    .from(claims);
  const recent = await db
    .select({
      id: claims.id,
      claimedAt: claims.claimedAt,
      /** the figure's city's zone: a claim is dated on that city's calendar (decision 053) */
      timeZone: cities.timeZone,
      verified: claims.verified,
      status: claims.status,
      figureId: boonees.id,
      name: boonees.name,
      series: boonees.series,
      rarity: boonees.rarity,
      claimer: profiles.name,
    })
    .from(claims)
    .innerJoin(boonees, eq(boonees.id, claims.figureId))
    .innerJoin(cities, eq(cities.id, boonees.cityId))
    .innerJoin(profiles, eq(profiles.id, claims.userId))
    .orderBy(sql`${claims.claimedAt} desc nulls last`, desc(claims.id))
    .limit(5);
  return {
    figures,
    users: users.total,
    tags: tagCounts,
    claims: { total: claimCounts.total, pending: claimCounts.pending },
    recent,
    reports: await countOpenReports(db),
    reportedPhotos: await countReportedPhotos(db),
  };
}
