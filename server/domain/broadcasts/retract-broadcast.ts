import { and, eq, isNull, sql } from "drizzle-orm";

import type { Db } from "../../db/client.ts";
import { exclusiveContent, notifications } from "../../db/schema.ts";
import { recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { assertStaffCityOf } from "../staff-scope.ts";

/**
 * An admin retracts a sent broadcast: it leaves every exclusive area (marked retracted; the admin's
 * "Sent" list still shows it, as retracted) and its unread notifications go (the badges follow);
 * read ones stay in the inbox, no longer tied to it. One transaction; a retracted item is not found again.
 */
export async function retractBroadcast(db: Db, actor: Actor | null, input: { id: string }) {
  assertRole(actor, ["admin"]);
  await assertStaffCityOf(db, actor, "broadcast", input.id);
  return db.transaction(async (tx) => {
    const [item] = await tx
      .update(exclusiveContent)
      .set({ retractedAt: sql`now()` })
      .where(and(eq(exclusiveContent.id, input.id), isNull(exclusiveContent.retractedAt)))
      .returning({ id: exclusiveContent.id, title: exclusiveContent.title });
    if (!item) throw new DomainError("notFound", 404);
    const removed = await tx
      .delete(notifications)
      .where(and(eq(notifications.contentId, item.id), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    await tx.update(notifications).set({ contentId: null }).where(eq(notifications.contentId, item.id));
    await recordActivity(tx, actor, {
      action: "broadcast.retracted",
      objectType: "broadcast",
      objectId: item.id,
      objectLabel: item.title,
    });
    return { id: item.id, title: item.title, unreadRemoved: removed.length };
  });
}
