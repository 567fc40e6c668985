import { and, eq, isNull, sql } from "drizzle-orm";

import type { BroadcastEditInput } from "#shared/schemas/admin.ts";

import type { Db } from "../../db/client.ts";
import { exclusiveContent, notifications } from "../../db/schema.ts";
import { recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { assertStaffCity } from "../staff-scope.ts";

/**
 * An admin corrects a sent broadcast: title, message (German and English) and (for a link item) the link. Its
 * notifications take the new text, read or not; nobody is notified again. English left out (undefined)
 * stays as it was. One transaction.
 */
export async function editBroadcast(
  db: Db,
  actor: Actor | null,
  input: Omit<BroadcastEditInput, "titleEn" | "messageEn"> & Partial<Pick<BroadcastEditInput, "titleEn" | "messageEn">>,
) {
  assertRole(actor, ["admin"]);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ contentType: exclusiveContent.contentType, cityId: exclusiveContent.cityId })
      .from(exclusiveContent)
      .where(and(eq(exclusiveContent.id, input.id), isNull(exclusiveContent.retractedAt)))
      .for("update");
    if (!current) throw new DomainError("notFound", 404);
    assertStaffCity(actor, current.cityId);
    // Only a link item's url is a link; an image's or video's is its uploaded file.
    const link = current.contentType === "link" ? { url: input.linkUrl || null } : {};
    await tx
      .update(exclusiveContent)
      .set({
        title: input.title,
        titleEn: input.titleEn,
        description: input.message,
        descriptionEn: input.messageEn,
        ...link,
        editedAt: sql`now()`,
      })
      .where(eq(exclusiveContent.id, input.id));
    const updated = await tx
      .update(notifications)
      .set({ title: input.title, message: input.message, titleEn: input.titleEn, messageEn: input.messageEn })
      .where(eq(notifications.contentId, input.id))
      .returning({ id: notifications.id });
    await recordActivity(tx, actor, {
      action: "broadcast.edited",
      objectType: "broadcast",
      objectId: input.id,
      objectLabel: input.title,
    });
    return { id: input.id, notifications: updated.length };
  });
}
