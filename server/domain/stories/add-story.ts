import { eq } from "drizzle-orm";

import { validate } from "#shared/forms.ts";
import { storySchema } from "#shared/schemas/story.ts";
import { UUID } from "#shared/uuid.ts";

import type { Db } from "../../db/client.ts";
import { boonees, booneeStories } from "../../db/schema.ts";
import { enqueueWebhook } from "../../webhooks/enqueue-webhook.ts";
import { unlockAchievements } from "../achievements/unlock-achievements.ts";
import { assertSignedIn, DomainError, type Actor } from "../errors.ts";

/**
 * The owner of a figure writes a finder story. The permission comes first, whatever the request
 * looks like: signed out 401 ("unauthorized"), unknown figure 404, not the owner 403 ("forbidden",
 * admins included). Then the form (storySchema): invalid fields give 400 ("invalid") with the field
 * errors as params. The story and the achievements it earns ("Storyteller") are written in one
 * transaction, with its webhook event (docs/decisions/051); a refusal stores nothing.
 */
export async function addStory(
  db: Db,
  actor: Actor | null,
  input: { figureId: string; fields: Record<string, unknown> },
) {
  assertSignedIn(actor);
  if (!UUID.test(input.figureId)) throw new DomainError("notFound", 404);
  return db.transaction(async (tx) => {
    // FOR SHARE: the figure cannot be deleted or change owner while the story is written.
    const [figure] = await tx
      .select({ ownerId: boonees.ownerId })
      .from(boonees)
      .where(eq(boonees.id, input.figureId))
      .for("share");
    if (!figure) throw new DomainError("notFound", 404);
    if (figure.ownerId !== actor.id) throw new DomainError("forbidden", 403);
    const parsed = validate(storySchema, input.fields);
    if (!parsed.ok) throw new DomainError("invalid", 400, parsed.errors);
    const [story] = await tx
      .insert(booneeStories)
      .values({
        figureId: input.figureId,
        userId: actor.id,
        title: parsed.data.title,
        story: parsed.data.story,
        findLocation: parsed.data.location,
        findDate: parsed.data.findDate,
        lang: parsed.data.lang ?? "de",
      })
      .returning({ id: booneeStories.id });
    await enqueueWebhook(tx, "story.posted", { storyId: story.id, figureId: input.figureId, title: parsed.data.title });
    const unlocked = await unlockAchievements(tx, actor.id);
    return { id: story.id, unlocked };
  });
}
