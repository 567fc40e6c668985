import { sql, type SQL } from "drizzle-orm";
import type { AchievementKey } from "#shared/achievements.ts";
import { kindOfNotification } from "#shared/notification-kinds.ts";
import { systemText } from "#shared/notification-text.ts";
import { queryRows, type DbOrTx } from "../db/client.ts";
import { achievementFacts, achievementsFrom, freshAchievementsSql, type AchievementFacts } from "./achievement-rules.ts";
import { createNotifications, deliveryJobsSql } from "./notify.ts";

/**
 * Checks every achievement rule for a user and unlocks what they earned, each once
 * (unique (user_id, achievement) + ON CONFLICT DO NOTHING, so concurrent actions cannot unlock twice).
 * Call it inside the transaction of the action that may earn something (claim, story).
 * Returns the keys unlocked now.
 */
export async function unlockAchievements(tx: DbOrTx, userId: string): Promise<AchievementKey[]> {
  return unlockEarned(tx, userId, await achievementFacts(tx, userId));
}

/**
 * unlockAchievements with the facts already read (a claim reads them in its own statement). Writes
 * nothing when every earned achievement is held already, the common case of a collector's claim.
 */
export async function unlockEarned(tx: DbOrTx, userId: string, facts: AchievementFacts): Promise<AchievementKey[]> {
  const holds = achievementsFrom(facts);
  const held = new Set(facts.held);
  const earned = (Object.keys(holds) as AchievementKey[]).filter((k) => holds[k] && !held.has(k));
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

/**
 * unlockEarned as CTEs of a larger statement that has a `facts` CTE (achievementFactsSql): a claim
 * unlocks in its own statement, the only one that sees the won figure before it commits. `unlocked`
 * inserts what the facts earn and the user does not hold (only while `when`, a relation, has a row:
 * the won figure), `noted` their notifications, `queued` the notifications' push and e-mail jobs,
 * the same rows as createNotifications writes.
 */
export function unlockInStatementSql(userId: string, when: SQL): SQL {
  const kind = kindOfNotification({ type: "achievement", title: "" });
  return sql`unlocked as (
      insert into user_achievements (user_id, achievement)
      select ${userId}, f.k from (${freshAchievementsSql(sql`facts`)}) f where exists (select 1 from ${when})
      on conflict (user_id, achievement) do nothing
      returning achievement
    ), noted as (
      insert into notifications (user_id, title, message, type, link)
      select ${userId}, ${systemText("achievement")} || u.achievement, ${systemText("achievementMessage")} || u.achievement, 'achievement', '/profile'
      from unlocked u
      returning id, user_id, title, message, link, content_id
    ), queued as (
      ${deliveryJobsSql(sql`(select noted.*, ${kind}::text as kind from noted) as n`)}
    )`;
}
