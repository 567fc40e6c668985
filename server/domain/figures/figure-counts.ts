import { count, eq, sql } from "drizzle-orm";

import { SAFE_CODE_LENGTH } from "#shared/claim-code-rule.ts";
import { isPublicStatus } from "#shared/figure-status.ts";
import { STATUSES, type Status } from "#shared/schemas/admin.ts";

import type { DbOrTx } from "../../db/client.ts";
import { claimableFigureSql } from "../../db/figure-status-sql.ts";
import { boonees, tags } from "../../db/schema.ts";
import type { Actor } from "../errors.ts";
import { inStaffCities } from "../staff-scope.ts";

export interface StatusCount {
  total: number;
  claimed: number;
  /** Claimable (shared/figure-status.ts): what "available" means in every view. */
  available: number;
}

/**
 * The admin counts of figures and tags, each by the one status rule: figures in total, per status
 * (all seven, zeros included) and public; "available" is claimable, so an Archived figure without
 * owner is neither claimed nor available. One grouped scan for the figures, one join for the tags.
 */
export async function countFigures(db: DbOrTx, actor: Actor | null = null) {
  const rows = await db
    .select({
      status: boonees.status,
      total: count(),
      claimed: count(boonees.ownerId),
      available: sql<number>`count(*) filter (where ${claimableFigureSql()})`.mapWith(Number),
    })
    .from(boonees)
    .where(inStaffCities(actor, boonees.cityId))
    .groupBy(boonees.status);
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, { total: 0, claimed: 0, available: 0 }])) as Record<
    Status,
    StatusCount
  >;
  for (const r of rows) byStatus[r.status] = { total: r.total, claimed: r.claimed, available: r.available };
  const sum = (pick: (s: Status) => boolean, key: keyof StatusCount) =>
    STATUSES.filter(pick).reduce((n, s) => n + byStatus[s][key], 0);
  const all = () => true;
  const [tagCounts] = await db
    .select({
      total: count(),
      claimed: sql<number>`count(*) filter (where ${tags.isClaimed})`.mapWith(Number),
      available: sql<number>`count(*) filter (where not ${tags.isClaimed} and ${claimableFigureSql()})`.mapWith(Number),
      sun: sql<number>`count(*) filter (where ${tags.sunMode} is not null)`.mapWith(Number),
      // unclaimed codes that claim by themselves (no SUN tag) and are shorter than new ones (decision 039)
      atRisk:
        sql<number>`count(*) filter (where not ${tags.isClaimed} and ${tags.sunMode} is null and length(${tags.secretCode}) < ${SAFE_CODE_LENGTH})`.mapWith(
          Number,
        ),
    })
    .from(tags)
    .innerJoin(boonees, eq(boonees.id, tags.figureId))
    .where(inStaffCities(actor, boonees.cityId));
  return {
    figures: {
      total: sum(all, "total"),
      claimed: sum(all, "claimed"),
      available: sum(all, "available"),
      public: sum(isPublicStatus, "total"),
      byStatus,
    },
    tags: tagCounts,
  };
}
