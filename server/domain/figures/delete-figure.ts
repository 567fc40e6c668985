import { eq } from "drizzle-orm";

import { systemText } from "#shared/notification-text.ts";

import type { Db } from "../../db/client.ts";
import { boonees, booneeStories, claims, exclusiveContent, tags } from "../../db/schema.ts";
import type { Storage } from "../../storage/storage.ts";
import { removeUnreferencedUploads } from "../../uploads/upload-references.ts";
import { withdrawAchievements } from "../achievements/withdraw-achievements.ts";
import { figureRef, recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { createNotifications } from "../notifications/notify.ts";
import { assertStaffCity } from "../staff-scope.ts";
import { photoUrlsOf } from "../stories/story-photos.ts";

/**
 * An admin deletes a figure. Its tag, finder stories (with their photos), claim row and its own exclusive
 * content go with it, in one transaction, and after it the files no row uses any more (the foreign keys cascade too; deleting them explicitly keeps the intent
 * visible). A type with instances is refused ("hasInstances"): its instances take their texts, picture
 * and numbers ("Nr. 2", printed on their labels) from it, so they are deleted first (decision 029).
 * A claimed figure's former owner loses the achievements that no longer hold and is told, in the
 * same transaction; the counter triggers (migrations 0002, 0009) follow the deleted row.
 */
export async function deleteFigure(db: Db, storage: Storage, actor: Actor | null, input: { id: string }) {
  assertRole(actor, ["admin"]);
  const { files, ...deleted } = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: boonees.id,
        name: boonees.name,
        ownerId: boonees.ownerId,
        imageUrl: boonees.imageUrl,
        videoUrl: boonees.welcomeVideoUrl,
        cityId: boonees.cityId,
      })
      .from(boonees)
      .where(eq(boonees.id, input.id))
      .for("update");
    if (!row) throw new DomainError("notFound", 404);
    assertStaffCity(actor, row.cityId);
    const [instance] = await tx.select({ id: boonees.id }).from(boonees).where(eq(boonees.typeId, row.id)).limit(1);
    if (instance) throw new DomainError("hasInstances", 409);
    const details = await figureRef(tx, row.id);
    const photoUrls = await photoUrlsOf(tx, eq(booneeStories.figureId, row.id));
    const removedStories = await tx
      .delete(booneeStories)
      .where(eq(booneeStories.figureId, row.id))
      .returning({ userId: booneeStories.userId });
    await tx.delete(claims).where(eq(claims.figureId, row.id));
    await tx.delete(tags).where(eq(tags.figureId, row.id));
    const exclusiveFiles = await tx
      .delete(exclusiveContent)
      .where(eq(exclusiveContent.figureId, row.id))
      .returning({ url: exclusiveContent.url });
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
    await recordActivity(tx, actor, {
      action: "boonee.deleted",
      objectType: "boonee",
      objectId: row.id,
      objectLabel: row.name,
      details,
    });
    return {
      id: row.id,
      name: row.name,
      formerOwnerId: row.ownerId,
      withdrawn,
      files: [...photoUrls, row.imageUrl, row.videoUrl, ...exclusiveFiles.map((f) => f.url)],
    };
  });
  // its stories' photos, its own picture and video, its exclusive files: each unless another row still uses it
  await removeUnreferencedUploads(db, storage, files);
  return deleted;
}
