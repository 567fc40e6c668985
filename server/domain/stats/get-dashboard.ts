import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";

import type { DbOrTx } from "../../db/client.ts";
import { boonees, cities, cityFollows, claims, profiles } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { countFigures } from "../figures/figure-counts.ts";
import { countOpenReports, countReportedPhotos } from "../reports/open-reports.ts";
import { inStaffCities, isGlobalStaff } from "../staff-scope.ts";

/** Totals for the dashboard and the 5 latest claims (admins and moderators). */
export async function getDashboard(db: DbOrTx, actor: Actor | null) {
  assertRole(actor, ["admin", "moderator"]);
  const { figures, tags: tagCounts } = await countFigures(db, actor);
  const inCities = inStaffCities(actor, boonees.cityId);
  // Accounts belong to no city: a city's staff count the people who follow one of their cities.
  const [users] = await db
    .select({ total: count() })
    .from(profiles)
    .where(
      and(
        isNull(profiles.deletedAt),
        isGlobalStaff(actor)
          ? undefined
          : inArray(
              profiles.id,
              db.select({ id: cityFollows.userId }).from(cityFollows).where(inStaffCities(actor, cityFollows.cityId)),
            ),
      ),
    );
  const [claimCounts] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${claims.status} = 'pending')`.mapWith(Number),
    })
    .from(claims)
    .innerJoin(boonees, eq(boonees.id, claims.figureId))
    .where(inCities);
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
    .where(inCities)
    .orderBy(sql`${claims.claimedAt} desc nulls last`, desc(claims.id))
    .limit(5);
  return {
    figures,
    users: users.total,
    tags: tagCounts,
    claims: { total: claimCounts.total, pending: claimCounts.pending },
    recent,
    reports: await countOpenReports(db, actor),
    reportedPhotos: await countReportedPhotos(db, actor),
  };
}
