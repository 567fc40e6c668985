import { sql } from "drizzle-orm";
import type { AchievementKey } from "#shared/achievements.ts";
import { queryRows, type DbOrTx } from "../db/client.ts";

/**
 * Which achievements a user earns now (product decisions), read from what this user owns
 * (boonees_owner_idx, then each figure's type by its key), what they wrote, and the per-series
 * counters of migration 0009: the cost follows the user's collection, never the catalogue. A series
 * is complete when the user owns an instance of each of its public types (template_id null, not
 * Draft / Hidden) and owns a figure of that series. Unlocking and withdrawing both ask this.
 */
export async function earnedAchievements(tx: DbOrTx, userId: string): Promise<Record<AchievementKey, boolean>> {
  const [facts] = await queryRows<{ owned: number; rare: number; legendary: number; stories: number; complete_series: number }>(
    tx,
    sql`
    with owned as materialized (
      select rarity, series, coalesce(template_id, id) as type_id from boonees where owner_id = ${userId}
    ), owned_types as (
      select distinct t.id, t.series from owned o join boonees t on t.id = o.type_id
      where t.template_id is null and t.series is not null and t.status not in ('Draft', 'Hidden')
    )
    select
      (select count(*)::int from owned) as owned,
      (select count(*)::int from owned where rarity = 'Rare') as rare,
      (select count(*)::int from owned where rarity = 'Legendary') as legendary,
      (select count(*)::int from boonee_stories where user_id = ${userId}) as stories,
      (select count(*)::int from (
         select ot.series from owned_types ot
         join series_type_counts c on c.series = ot.series
         group by ot.series, c.public_types
         having count(*) = c.public_types and exists (select 1 from owned o2 where o2.series = ot.series)
       ) s) as complete_series`,
  );
  return {
    first_find: facts.owned >= 1,
    collector: facts.owned >= 3,
    hoarder: facts.owned >= 10,
    rare_hunter: facts.rare >= 1,
    legend_hunter: facts.legendary >= 1,
    storyteller: facts.stories >= 1,
    series_complete: facts.complete_series >= 1,
  };
}
