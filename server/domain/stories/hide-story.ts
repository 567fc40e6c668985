import { and, eq, ne } from "drizzle-orm";

import { systemText } from "#shared/notification-text.ts";

import type { Db } from "../../db/client.ts";
import { boonees, booneeStories } from "../../db/schema.ts";
import { recordActivity, storyRef } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { createNotifications } from "../notifications/notify.ts";
import { requireReason } from "../reason.ts";
import { assertStaffCity } from "../staff-scope.ts";

/**
 * A moderator or admin hides a finder story from the figure page, with a reason its author is told
 * (notification kind storyHidden), or shows it again (moderators not their own). One transaction.
 */
export async function setStoryHidden(
  db: Db,
  actor: Actor | null,
  input: { storyId: string; hidden: boolean; reason?: string | null },
) {
  assertRole(actor, ["admin", "moderator"]);
  const reason = input.hidden ? requireReason(input.reason) : null;
  return db.transaction(async (tx) => {
    const [story] = await tx
      .select({ cityId: boonees.cityId })
      .from(booneeStories)
      .innerJoin(boonees, eq(boonees.id, booneeStories.figureId))
      .where(eq(booneeStories.id, input.storyId));
    if (story) assertStaffCity(actor, story.cityId);
    const [row] = await tx
      .update(booneeStories)
      .set({ hidden: input.hidden })
      .where(
        and(
          eq(booneeStories.id, input.storyId),
          actor.role === "moderator" ? ne(booneeStories.userId, actor.id) : undefined,
        ),
      )
      .returning({
        id: booneeStories.id,
        hidden: booneeStories.hidden,
        title: booneeStories.title,
        userId: booneeStories.userId,
        figureId: booneeStories.figureId,
      });
    if (!row) {
      const [exists] = await tx
        .select({ id: booneeStories.id })
        .from(booneeStories)
        .where(eq(booneeStories.id, input.storyId));
      throw exists ? new DomainError("ownStory", 403) : new DomainError("notFound", 404);
    }
    if (reason && row.userId) {
      await createNotifications(tx, [
        {
          userId: row.userId,
          type: "other",
          title: systemText("storyHidden", row.title),
          message: systemText("storyHiddenMessage", reason),
          link: `/boonee/${row.figureId}`,
        },
      ]);
    }
    await recordActivity(tx, actor, {
      action: row.hidden ? "story.hidden" : "story.shown",
      objectType: "story",
      objectId: row.id,
      objectLabel: row.title,
      reason,
      details: await storyRef(tx, row.id),
    });
    return { id: row.id, hidden: row.hidden };
  });
}
