import { sql } from "drizzle-orm";

import type { AchievementKey } from "#shared/achievements.ts";
import { systemText } from "#shared/notification-text.ts";

import { queryRows, type Db, type DbOrTx } from "../../db/client.ts";
import { createNotifications } from "../notifications/notify.ts";
import { achievementFacts, achievementsFrom, type AchievementFacts } from "./achievement-rules.ts";

/**
 * Checks every achievement rule for a user and unlocks what they earned, each once
 * (unique (user_id, achievement) + ON CONFLICT DO NOTHING, so concurrent actions cannot unlock twice).
 * Call it inside the transaction of the action that may earn something (claim, story).
 * Returns the keys unlocked now.
 */
export async function unlockAchievements(tx: DbOrTx, userId: string): Promise<AchievementKey[]> {
  return unlockEarned(tx, userId, await achievementFacts(tx, userId));
}

/** What the facts earn that the user does not hold yet. */
function earnedNotHeld(facts: AchievementFacts): AchievementKey[] {
  const holds = achievementsFrom(facts);
  const held = new Set(facts.held);
  return (Object.keys(holds) as AchievementKey[]).filter((k) => holds[k] && !held.has(k));
}

/**
 * After an action has committed (a claim, decision 038): the facts, read now, see it and every
 * action of the user committed before it; only when they earn something not held does a transaction
 * insert it with its notifications (ON CONFLICT: two at once unlock it once). The common claim is one
 * read. Should the process stop in between, the next claim or story checks every rule again.
 */
export async function unlockAfter(db: Db, userId: string): Promise<AchievementKey[]> {
  const facts = await achievementFacts(db, userId);
  if (earnedNotHeld(facts).length === 0) return [];
  return db.transaction((tx) => unlockEarned(tx, userId, facts));
}

/**
 * unlockAchievements with the facts already read (a claim reads them in its own statement). Writes
 * nothing when every earned achievement is held already, the common case of a collector's claim.
 */
export async function unlockEarned(tx: DbOrTx, userId: string, facts: AchievementFacts): Promise<AchievementKey[]> {
  const earned = earnedNotHeld(facts);
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
