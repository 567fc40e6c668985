import { eq } from "drizzle-orm";
import { systemText } from "#shared/notification-text.ts";
import type { Db } from "../db/client.ts";
import { booneeStories, boonees, claims, exclusiveContent, tags } from "../db/schema.ts";
import { DomainError, assertRole, type Actor } from "./errors.ts";
import { createNotifications } from "./notify.ts";
import { figureRef, recordActivity } from "./record-activity.ts";
import { withdrawAchievements } from "./withdraw-achievements.ts";

/**
 * An admin deletes a figure. Its tag, finder stories, claim row and its own exclusive content go with
 * it, in one transaction (the foreign keys cascade too; deleting them explicitly keeps the intent
 * visible). A type with instances is refused ("hasInstances"): its instances take their texts, picture
 * and numbers ("Nr. 2", printed on their labels) from it, so they are deleted first (decision 029).
 * A claimed figure's former owner loses the achievements that no longer hold and is told, in the
 * same transaction; the counter triggers (migrations 0002, 0009) follow the deleted row.
 */
export async function deleteBoonee(db: Db, actor: Actor | null, input: { id: string }) {
  assertRole(actor, ["admin"]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: boonees.id, name: boonees.name, ownerId: boonees.ownerId })
      .from(boonees)
      .where(eq(boonees.id, input.id))
      .for("update");
    if (!row) throw new DomainError("notFound", 404);
    const [instance] = await tx.select({ id: boonees.id }).from(boonees).where(eq(boonees.templateId, row.id)).limit(1);
    if (instance) throw new DomainError("hasInstances", 409);
    const details = await figureRef(tx, row.id);
    const removedStories = await tx
      .delete(booneeStories)
      .where(eq(booneeStories.booneeId, row.id))
      .returning({ userId: booneeStories.userId });
    await tx.delete(claims).where(eq(claims.booneeId, row.id));
    await tx.delete(tags).where(eq(tags.booneeId, row.id));
    await tx.delete(exclusiveContent).where(eq(exclusiveContent.booneeId, row.id));
    await tx.delete(boonees).where(eq(boonees.id, row.id));
    const withdrawn = row.ownerId
      ? await withdrawAchievements(tx, row.ownerId, {
          because: "deleted",
          storiesRemoved: removedStories.some((story) => story.userId === row.ownerId),
        })
      : [];
    if (row.ownerId) {
      await createNotifications(tx, [
        {
          userId: row.ownerId,
          type: "other",
          title: systemText("figureDeleted", row.name),
          message: systemText("figureDeletedMessage", row.name),
          link: "/profile",
        },
      ]);
    }
    await recordActivity(tx, actor, { action: "boonee.deleted", objectType: "boonee", objectId: row.id, objectLabel: row.name, details });
    return { id: row.id, name: row.name, formerOwnerId: row.ownerId, withdrawn };
  });
}
