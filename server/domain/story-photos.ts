import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { booneeStories, storyPhotoReports, storyPhotos } from "../db/schema.ts";
import type { Storage } from "../storage/storage.ts";
import { storeImage } from "../uploads/process-upload.ts";
import { DomainError, assertRole, assertSignedIn, type Actor } from "./errors.ts";
import { recordActivity } from "./record-activity.ts";
import { UUID } from "#shared/uuid.ts";

export const PHOTOS_PER_STORY = 3;

/**
 * The author of a finder story adds photos to it, up to 3 per story. Each is checked and re-encoded
 * like an admin's image (storeImage: WebP, ≤ 800 px, no EXIF or GPS). The count is checked again
 * under a lock on the story, so two uploads at once cannot pass 3 together.
 */
export async function addStoryPhotos(
  db: Db,
  storage: Storage,
  actor: Actor | null,
  input: { booneeId: string; storyId: string; files: File[] },
) {
  assertSignedIn(actor);
  if (!UUID.test(input.storyId) || !UUID.test(input.booneeId)) throw new DomainError("notFound", 404);
  // the story of this figure only: a story id sent to another figure's address adds nothing
  const [story] = await db
    .select({ userId: booneeStories.userId })
    .from(booneeStories)
    .where(and(eq(booneeStories.id, input.storyId), eq(booneeStories.booneeId, input.booneeId)));
  if (!story) throw new DomainError("notFound", 404);
  if (story.userId !== actor.id) throw new DomainError("forbidden", 403);
  if (input.files.length === 0) throw new DomainError("noPhoto", 400);
  if (input.files.length > PHOTOS_PER_STORY) throw new DomainError("tooManyPhotos", 400);
  const urls: string[] = [];
  for (const file of input.files) urls.push(await storeImage(storage, file, "stories"));
  return db.transaction(async (tx) => {
    await tx.select({ id: booneeStories.id }).from(booneeStories).where(eq(booneeStories.id, input.storyId)).for("update");
    const existing = await tx.$count(storyPhotos, eq(storyPhotos.storyId, input.storyId));
    if (existing + urls.length > PHOTOS_PER_STORY) throw new DomainError("tooManyPhotos", 400);
    await tx.insert(storyPhotos).values(urls.map((url) => ({ storyId: input.storyId, url })));
    return { added: urls.length };
  });
}

/**
 * A moderator or admin hides a finder photo, or shows it again (moderators not on their own stories:
 * 403 ownStory). Either way its open reports are marked reviewed by them, in the same transaction.
 */
export async function setPhotoHidden(db: Db, actor: Actor | null, input: { photoId: string; hidden: boolean }) {
  assertRole(actor, ["admin", "moderator"]);
  if (!UUID.test(input.photoId)) throw new DomainError("notFound", 404);
  return db.transaction(async (tx) => {
    const [photo] = await tx
      .select({ id: storyPhotos.id, storyId: storyPhotos.storyId, title: booneeStories.title, authorId: booneeStories.userId })
      .from(storyPhotos)
      .innerJoin(booneeStories, eq(booneeStories.id, storyPhotos.storyId))
      .where(eq(storyPhotos.id, input.photoId))
      .for("update", { of: storyPhotos });
    if (!photo) throw new DomainError("notFound", 404);
    if (actor.role === "moderator" && photo.authorId === actor.id) throw new DomainError("ownStory", 403);
    await tx.update(storyPhotos).set({ hidden: input.hidden }).where(eq(storyPhotos.id, input.photoId));
    const reviewed = await tx
      .update(storyPhotoReports)
      .set({ reviewedAt: sql`now()`, reviewedBy: actor.id })
      .where(and(eq(storyPhotoReports.photoId, input.photoId), isNull(storyPhotoReports.reviewedAt)))
      .returning({ id: storyPhotoReports.id });
    await recordActivity(tx, actor, {
      action: input.hidden ? "photo.hidden" : "photo.shown",
      objectType: "story",
      objectId: photo.storyId,
      objectLabel: photo.title,
    });
    return { hidden: input.hidden, reviewedReports: reviewed.length };
  });
}
