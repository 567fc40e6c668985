import { and, eq } from "drizzle-orm";

import { validate } from "#shared/forms.ts";
import { storySchema } from "#shared/schemas/story.ts";
import { UUID } from "#shared/uuid.ts";

import type { Db, Tx } from "../../db/client.ts";
import { booneeStories } from "../../db/schema.ts";
import type { Storage } from "../../storage/storage.ts";
import { removeUnreferencedUploads } from "../../uploads/upload-references.ts";
import { assertSignedIn, DomainError, type Actor } from "../errors.ts";
import { photoUrlsOf } from "./story-photos.ts";

/** The story, locked, when the actor wrote it: 401 signed out, 404 unknown, 403 someone else's (admins too). */
async function lockOwnStory(tx: Tx, actor: Actor, storyId: string) {
  if (!UUID.test(storyId)) throw new DomainError("notFound", 404);
  const [story] = await tx
    .select({ id: booneeStories.id, userId: booneeStories.userId, figureId: booneeStories.figureId })
    .from(booneeStories)
    .where(eq(booneeStories.id, storyId))
    .for("update");
  if (!story) throw new DomainError("notFound", 404);
  if (story.userId !== actor.id) throw new DomainError("forbidden", 403);
  return story;
}

/**
 * The author corrects their finder story, with the same form rules (and texts) as adding one.
 * The permission comes before the form; a refusal changes nothing.
 */
export async function editOwnStory(
  db: Db,
  actor: Actor | null,
  input: { storyId: string; fields: Record<string, unknown> },
) {
  assertSignedIn(actor);
  return db.transaction(async (tx) => {
    const story = await lockOwnStory(tx, actor, input.storyId);
    const parsed = validate(storySchema, input.fields);
    if (!parsed.ok) throw new DomainError("invalid", 400, parsed.errors);
    await tx
      .update(booneeStories)
      .set({
        title: parsed.data.title,
        story: parsed.data.story,
        findLocation: parsed.data.location,
        findDate: parsed.data.findDate,
        lang: parsed.data.lang,
      })
      .where(and(eq(booneeStories.id, story.id), eq(booneeStories.userId, actor.id)));
    return { id: story.id, figureId: story.figureId };
  });
}

/**
 * The author deletes their finder story, and its photos with it: the rows in the transaction, then the
 * files (every size, local or S3). "Storyteller", once announced, stays (product decisions, "Achievements stay").
 */
export async function deleteOwnStory(db: Db, storage: Storage, actor: Actor | null, input: { storyId: string }) {
  assertSignedIn(actor);
  const { files, ...deleted } = await db.transaction(async (tx) => {
    const story = await lockOwnStory(tx, actor, input.storyId);
    const photos = await photoUrlsOf(tx, eq(booneeStories.id, story.id));
    await tx.delete(booneeStories).where(eq(booneeStories.id, story.id));
    return { id: story.id, figureId: story.figureId, files: photos };
  });
  await removeUnreferencedUploads(db, storage, files);
  return deleted;
}
