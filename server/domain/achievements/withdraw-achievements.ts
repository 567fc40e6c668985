import { sql } from "drizzle-orm";

import type { AchievementKey } from "#shared/achievements.ts";
import { systemText } from "#shared/notification-text.ts";

import { queryRows, type DbOrTx } from "../../db/client.ts";
import { createNotifications } from "../notifications/notify.ts";
import { achievementFacts, achievementsFrom } from "./achievement-rules.ts";

/** Achievements that rest on owned figures; "storyteller" rests on a story. */
const FIGURE_ACHIEVEMENTS: readonly AchievementKey[] = [
  "first_find",
  "collector",
  "hoarder",
  "rare_hunter",
  "legend_hunter",
  "series_complete",
];

/**
 * An achievement, once earned, stays (product decisions, "Achievements stay"): it is taken back only
 * when an admin rejects the claim behind it or deletes the claimed figure. Then the achievements that
 * rest on figures and no longer hold go ("storyteller" too when the deletion took the user's stories),
 * and the collector is told which one went and why. Call it inside that transaction. Returns the keys withdrawn.
 */
export async function withdrawAchievements(
  tx: DbOrTx,
  userId: string,
  why: { because: "rejected" | "deleted"; storiesRemoved?: boolean },
): Promise<AchievementKey[]> {
  const facts = await achievementFacts(tx, userId);
  const holds = achievementsFrom(facts);
  const candidates: readonly AchievementKey[] = why.storiesRemoved
    ? [...FIGURE_ACHIEVEMENTS, "storyteller"]
    : FIGURE_ACHIEVEMENTS;
  const lost = candidates.filter((k) => facts.held.includes(k) && !holds[k]);
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
  const withdrawn = rows.map((r) => r.achievement);
  const kind = why.because === "rejected" ? "achievementWithdrawnRejected" : "achievementWithdrawnDeleted";
  await createNotifications(
    tx,
    withdrawn.map((key) => ({
      userId,
      type: "achievement" as const,
      title: systemText(kind, key),
      message: systemText(`${kind}Message`, key),
      link: "/profile",
    })),
  );
  return withdrawn;
}
