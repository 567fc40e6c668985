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
  const [facts] = await queryRows<{ owned: number; rare: number; legendary: number; stories: number; complete_series: number }>(
    tx,
    sql`
    select
      (select count(*)::int from boonees where owner_id = ${userId}) as owned,
      (select count(*)::int from boonees where owner_id = ${userId} and rarity = 'Rare') as rare,
      (select count(*)::int from boonees where owner_id = ${userId} and rarity = 'Legendary') as legendary,
      (select count(*)::int from boonee_stories where user_id = ${userId}) as stories,
      (select count(*)::int from (
         select t.series from boonees t
         where t.template_id is null and t.series is not null and t.status not in ('Draft', 'Hidden')
         group by t.series
         having bool_and(exists (
           select 1 from boonees o where o.owner_id = ${userId} and (o.id = t.id or o.template_id = t.id)
         ))
         and exists (select 1 from boonees o2 where o2.owner_id = ${userId} and o2.series = t.series)
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
