import { and, count, isNull, not, sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { claimableFigureSql, publicFigureSql } from "../../db/figure-status-sql.ts";
import { boonees } from "../../db/schema.ts";
import { scopeSql, type CityScope } from "./city-scope.ts";

export interface PublicStats {
  totalFigures: number;
  totalCollectors: number;
  totalClaims: number;
  unclaimed: number;
  rarity: { Common: number; Rare: number; Legendary: number };
  series: number;
}

/**
 * The global statistics of public figures (Draft and Hidden left out): figures, collectors (people
 * owning at least one, as the leaderboards count them: no deleted or blocked account), claims (claimed figures: a figure is claimed once, ever), unclaimed figures,
 * the rarity distribution and the number of distinct series. Sums the trigger-maintained
 * figure_counts (a row per rarity and series) and counts owner_counts (migration 0002).
 * "Unclaimed" (still to find) counts claimable figures only: the public figures without owner that
 * can no longer be claimed (Archived, shared/figure-status.ts) are taken off (boonees_status_idx).
 */
export async function getPublicStats(db: DbOrTx, scope: CityScope = null): Promise<PublicStats> {
  if (scope) return getScopedStats(db, scope);
  const [[figures], [owners], [retired]] = await Promise.all([
    queryRows<{ total: number; claimed: number; common: number; rare: number; legendary: number; series: number }>(
      db,
      sql`select coalesce(sum(total), 0)::int as total,
                 coalesce(sum(claimed), 0)::int as claimed,
                 coalesce(sum(total) filter (where rarity = 'Common'), 0)::int as common,
                 coalesce(sum(total) filter (where rarity = 'Rare'), 0)::int as rare,
                 coalesce(sum(total) filter (where rarity = 'Legendary'), 0)::int as legendary,
                 count(distinct series) filter (where series <> '' and total > 0)::int as series
          from figure_counts`,
    ),
    queryRows<{ collectors: number }>(
      db,
      sql`select count(*)::int as collectors from owner_counts where owned > 0 and listed`,
    ),
    db
      .select({ n: count() })
      .from(boonees)
      .where(and(publicFigureSql(), isNull(boonees.ownerId), not(claimableFigureSql()))),
  ]);
  const total = Number(figures.total);
  const claimed = Number(figures.claimed);
  return {
    totalFigures: total,
    totalCollectors: Number(owners.collectors),
    totalClaims: claimed,
    unclaimed: total - claimed - retired.n,
    rarity: { Common: Number(figures.common), Rare: Number(figures.rare), Legendary: Number(figures.legendary) },
    series: Number(figures.series),
  };
}

/**
 * The same numbers for one city or country (decision 053), counted from its figures (boonees_city_idx)
 * rather than the global counters: a city's figures are a few thousand at most.
 */
async function getScopedStats(db: DbOrTx, scope: Exclude<CityScope, null>): Promise<PublicStats> {
  const [row] = await queryRows<{
    total: number;
    claimed: number;
    retired: number;
    common: number;
    rare: number;
    legendary: number;
    series: number;
    collectors: number;
  }>(
    db,
    sql`select count(*)::int as total,
               count(owner_id)::int as claimed,
               count(*) filter (where owner_id is null and not ${claimableFigureSql()})::int as retired,
               count(*) filter (where rarity = 'Common')::int as common,
               count(*) filter (where rarity = 'Rare')::int as rare,
               count(*) filter (where rarity = 'Legendary')::int as legendary,
               count(distinct series) filter (where series <> '')::int as series,
               count(distinct owner_id) filter (
                 where exists (select 1 from owner_counts o where o.user_id = boonees.owner_id and o.listed)
               )::int as collectors
        from boonees
        where ${publicFigureSql()} and ${scopeSql(scope)}`,
  );
  return {
    totalFigures: Number(row.total),
    totalCollectors: Number(row.collectors),
    totalClaims: Number(row.claimed),
    unclaimed: Number(row.total) - Number(row.claimed) - Number(row.retired),
    rarity: { Common: Number(row.common), Rare: Number(row.rare), Legendary: Number(row.legendary) },
    series: Number(row.series),
  };
}
