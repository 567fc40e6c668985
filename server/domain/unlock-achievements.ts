import { sql } from "drizzle-orm";
import type { AchievementKey } from "../../app/lib/achievements.ts";
import { systemText } from "../../app/lib/notification-text.ts";
import { queryRows, type DbOrTx } from "../db/client.ts";
import { createNotifications } from "./notify.ts";

/**
 * Checks every achievement rule for a user and unlocks what they earned, each once
 * (unique (user_id, achievement) + ON CONFLICT DO NOTHING, so concurrent actions cannot unlock twice).
 * Call it inside the transaction of the action that may earn something (claim, story).
 * Returns the keys unlocked now.
 */
export async function unlockAchievements(tx: DbOrTx, userId: string): Promise<AchievementKey[]> {
  // Everything is read from what this user owns (boonees_owner_idx, then each figure's type by its
  // key) and from the per-series counters of migration 0009: the cost follows the user's collection,
  // never the catalogue. A series is complete when the user owns an instance of each of its public
  // types (template_id null, not Draft / Hidden) and owns a figure of that series.
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
  const earned: AchievementKey[] = [];
  if (facts.owned >= 1) earned.push("first_find");
  if (facts.owned >= 3) earned.push("collector");
  if (facts.owned >= 10) earned.push("hoarder");
  if (facts.rare >= 1) earned.push("rare_hunter");
  if (facts.legendary >= 1) earned.push("legend_hunter");
  if (facts.stories >= 1) earned.push("storyteller");
  if (facts.complete_series >= 1) earned.push("series_complete");
  if (earned.length === 0) return [];

  const inserted = await queryRows<{ achievement: AchievementKey }>(
    tx,
    sql`insert into user_achievements (user_id, achievement)
        select ${userId}, k from unnest(${sql.raw(`ARRAY[${earned.map((k) => `'${k}'`).join(",")}]`)}::text[]) as k
        on conflict (user_id, achievement) do nothing
        returning achievement`,
  );
  const fresh = inserted.map((r) => r.achievement);
  await createNotifications(
    tx,
    fresh.map((key) => ({
      userId,
      type: "achievement" as const,
      title: systemText("achievement", key),
      message: systemText("achievementMessage", key),
      link: "/profile",
    })),
  );
  return fresh;
}
