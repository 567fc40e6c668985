import { and, eq, isNull, sql, type SQL } from "drizzle-orm";

import { UUID } from "#shared/uuid.ts";

import type { Db, DbOrTx } from "../../db/client.ts";
import { boonees, booneeStories, storyPhotoReports, storyPhotos } from "../../db/schema.ts";
import type { Storage } from "../../storage/storage.ts";
import { prepareImage, putImage, type PreparedImage } from "../../uploads/process-upload.ts";
import { removeUnreferencedUploads } from "../../uploads/upload-references.ts";
import { recordActivity, storyRef } from "../activity/record-activity.ts";
import { assertRole, assertSignedIn, DomainError, type Actor } from "../errors.ts";
import { assertStaffCity } from "../staff-scope.ts";
import { hit, minutesToWait, type ThrottleRule } from "../throttle.ts";

export const PHOTOS_PER_STORY = 3;

/**
 * Uploads per account (finder photos; admins are not counted): every request counts, refused ones too,
 * since each costs the work of decoding. 20 an hour is far beyond a finder's needs (one story, three
 * photos) and keeps "write a story, add photos, delete it, again" from filling the storage.
 */
export const UPLOAD_RULE: ThrottleRule = { limit: 20, windowSeconds: 60 * 60 };

/**
 * The author of a finder story adds photos to it, up to 3 per story. Everything is checked before
 * anything is written: the story, the count, the account's upload budget (429), then every file is
 * checked and re-encoded like an admin's image (prepareImage: WebP, ≤ 800 px, no EXIF or GPS), and only
 * then stored. The count is checked again under a lock on the story, so two uploads at once cannot pass
 * 3 together; the loser's files are removed again. A refused upload leaves no file behind.
 */
export async function addStoryPhotos(
  db: Db,
  storage: Storage,
  actor: Actor | null,
  input: { figureId: string; storyId: string; files: File[] },
) {
  assertSignedIn(actor);
  if (!UUID.test(input.storyId) || !UUID.test(input.figureId)) throw new DomainError("notFound", 404);
  // the story of this figure only: a story id sent to another figure's address adds nothing
  const [story] = await db
    .select({ userId: booneeStories.userId })
    .from(booneeStories)
    .where(and(eq(booneeStories.id, input.storyId), eq(booneeStories.figureId, input.figureId)));
  if (!story) throw new DomainError("notFound", 404);
  if (story.userId !== actor.id) throw new DomainError("forbidden", 403);
  if (input.files.length === 0) throw new DomainError("noPhoto", 400);
  const photoCount = () => db.$count(storyPhotos, eq(storyPhotos.storyId, input.storyId));
  if (input.files.length + (await photoCount()) > PHOTOS_PER_STORY) throw new DomainError("tooManyPhotos", 400);
  if (actor.role !== "admin") {
    const budget = await hit(db, `upload:user:${actor.id}`, UPLOAD_RULE);
    if (!budget.allowed) throw new DomainError("tooMany", 429, { minutes: minutesToWait([budget]) });
  }
  const images: PreparedImage[] = [];
  for (const file of input.files) images.push(await prepareImage(file));
  const urls: string[] = [];
  try {
    for (const image of images) urls.push(await putImage(storage, image, "stories"));
    return await db.transaction(async (tx) => {
      await tx
        .select({ id: booneeStories.id })
        .from(booneeStories)
        .where(eq(booneeStories.id, input.storyId))
        .for("update");
      const existing = await tx.$count(storyPhotos, eq(storyPhotos.storyId, input.storyId));
      if (existing + urls.length > PHOTOS_PER_STORY) throw new DomainError("tooManyPhotos", 400);
      await tx.insert(storyPhotos).values(urls.map((url) => ({ storyId: input.storyId, url })));
      return { added: urls.length };
    });
  } catch (e) {
    // lost the race for the last places, the story went meanwhile, or the storage failed half-way
    await removeUnreferencedUploads(db, storage, urls);
    throw e;
  }
}

/** The photo URLs of the stories `which` selects, read before they are deleted (the rows cascade, the files do not). */
export async function photoUrlsOf(tx: DbOrTx, which: SQL | undefined) {
  const rows = await tx
    .select({ url: storyPhotos.url })
    .from(storyPhotos)
    .innerJoin(booneeStories, eq(booneeStories.id, storyPhotos.storyId))
    .where(which);
  return rows.map((r) => r.url);
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
      .select({
        id: storyPhotos.id,
        storyId: storyPhotos.storyId,
        title: booneeStories.title,
        authorId: booneeStories.userId,
        cityId: boonees.cityId,
      })
      .from(storyPhotos)
      .innerJoin(booneeStories, eq(booneeStories.id, storyPhotos.storyId))
      .innerJoin(boonees, eq(boonees.id, booneeStories.figureId))
      .where(eq(storyPhotos.id, input.photoId))
      .for("update", { of: storyPhotos });
    if (!photo) throw new DomainError("notFound", 404);
    assertStaffCity(actor, photo.cityId);
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
      details: await storyRef(tx, photo.storyId),
    });
    return { hidden: input.hidden, reviewedReports: reviewed.length };
  });
}
