import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { booneeStories } from "../db/schema.ts";
import { DomainError, assertRole, type Actor } from "./errors.ts";

/** A moderator or admin hides a finder story from the figure page, or shows it again. */
export async function setStoryHidden(db: Db, actor: Actor | null, input: { storyId: string; hidden: boolean }) {
  assertRole(actor, ["admin", "moderator"]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(booneeStories)
      .set({ hidden: input.hidden })
      .where(eq(booneeStories.id, input.storyId))
      .returning({ id: booneeStories.id, hidden: booneeStories.hidden });
    if (!row) throw new DomainError("notFound", 404);
    return row;
  });
}
