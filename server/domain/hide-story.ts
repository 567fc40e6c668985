import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { booneeStories } from "../db/schema.ts";
import { DomainError, assertRole, type Actor } from "./errors.ts";
import { recordActivity } from "./record-activity.ts";

/** A moderator or admin hides a finder story from the figure page, or shows it again (moderators not their own). */
export async function setStoryHidden(db: Db, actor: Actor | null, input: { storyId: string; hidden: boolean }) {
  assertRole(actor, ["admin", "moderator"]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(booneeStories)
      .set({ hidden: input.hidden })
      .where(and(eq(booneeStories.id, input.storyId), actor.role === "moderator" ? ne(booneeStories.userId, actor.id) : undefined))
      .returning({ id: booneeStories.id, hidden: booneeStories.hidden, title: booneeStories.title });
    if (!row) {
      const [exists] = await tx.select({ id: booneeStories.id }).from(booneeStories).where(eq(booneeStories.id, input.storyId));
      throw exists ? new DomainError("ownStory", 403) : new DomainError("notFound", 404);
    }
    await recordActivity(tx, actor, {
      action: row.hidden ? "story.hidden" : "story.shown",
      objectType: "story",
      objectId: row.id,
      objectLabel: row.title,
    });
    return { id: row.id, hidden: row.hidden };
  });
}
