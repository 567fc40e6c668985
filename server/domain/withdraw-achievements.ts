import { sql } from "drizzle-orm";
import type { AchievementKey } from "#shared/achievements.ts";
import { queryRows, type DbOrTx } from "../db/client.ts";
import { achievementFacts, achievementsFrom } from "./achievement-rules.ts";

/**
 * Takes back the achievements a user no longer earns (after a rejected claim or a deleted story):
 * the same rules as unlocking, read from what the user owns and wrote now. Call it inside the
 * transaction that took the figure or story away. Returns the keys withdrawn.
 */
export async function withdrawAchievements(tx: DbOrTx, userId: string): Promise<AchievementKey[]> {
  const facts = await achievementFacts(tx, userId);
  const holds = achievementsFrom(facts);
  const lost = facts.held.filter((k) => k in holds && !holds[k]);
  if (lost.length === 0) return [];
  const rows = await queryRows<{ achievement: AchievementKey }>(
    tx,
    sql`delete from user_achievements where user_id = ${userId}
        and achievement in (${sql.join(
          lost.map((k) => sql`${k}`),
          sql`, `,
        )})
        returning achievement`,
  );
  return rows.map((r) => r.achievement);
}
