import { sql } from "drizzle-orm";
import type { AchievementKey } from "../../app/lib/achievements.ts";
import { queryRows, type DbOrTx } from "../db/client.ts";

/**
 * Takes back the achievements a user no longer earns (after a rejected claim or a deleted story):
 * the same rules as unlocking, read from what the user owns and wrote now. Call it inside the
 * transaction that took the figure or story away. Returns the keys withdrawn.
 */
export async function withdrawAchievements(tx: DbOrTx, userId: string): Promise<AchievementKey[]> {
  const [f] = await queryRows<{ owned: number; rare: number; legendary: number; stories: number; series: boolean }>(
    tx,
    sql`
    select
      (select count(*)::int from boonees where owner_id = ${userId}) as owned,
      (select count(*)::int from boonees where owner_id = ${userId} and rarity = 'Rare') as rare,
      (select count(*)::int from boonees where owner_id = ${userId} and rarity = 'Legendary') as legendary,
      (select count(*)::int from boonee_stories where user_id = ${userId}) as stories,
      exists (
        select 1 from boonees s
        where s.owner_id = ${userId} and s.series is not null
          and exists (select 1 from boonees t where t.template_id is null and t.series = s.series and t.status not in ('Draft', 'Hidden'))
          and not exists (
            select 1 from boonees t
            where t.template_id is null and t.series = s.series and t.status not in ('Draft', 'Hidden')
              and not exists (select 1 from boonees o where o.owner_id = ${userId} and (o.id = t.id or o.template_id = t.id)))
      ) as series`,
  );
  const holds: Record<AchievementKey, boolean> = {
    first_find: f.owned >= 1,
    collector: f.owned >= 3,
    hoarder: f.owned >= 10,
    rare_hunter: f.rare >= 1,
    legend_hunter: f.legendary >= 1,
    storyteller: f.stories >= 1,
    series_complete: f.series,
  };
  const lost = (Object.keys(holds) as AchievementKey[]).filter((k) => !holds[k]);
  if (lost.length === 0) return [];
  const rows = await queryRows<{ achievement: AchievementKey }>(
    tx,
    sql`delete from user_achievements where user_id = ${userId}
        and achievement in (${sql.join(lost.map((k) => sql`${k}`), sql`, `)})
        returning achievement`,
  );
  return rows.map((r) => r.achievement);
}
