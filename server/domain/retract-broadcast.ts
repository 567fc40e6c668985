import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { exclusiveContent, notifications } from "../db/schema.ts";
import { DomainError, assertRole, type Actor } from "./errors.ts";
import { recordActivity } from "./record-activity.ts";

/**
 * An admin retracts a sent broadcast: it leaves every exclusive area (the item is deleted) and its
 * unread notifications go (the badges follow); read ones stay in the inbox, no longer tied to it.
 * One transaction.
 */
export async function retractBroadcast(db: Db, actor: Actor | null, input: { id: string }) {
  assertRole(actor, ["admin"]);
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select({ id: exclusiveContent.id, title: exclusiveContent.title })
      .from(exclusiveContent)
      .where(eq(exclusiveContent.id, input.id))
      .for("update");
    if (!item) throw new DomainError("notFound", 404);
    const removed = await tx
      .delete(notifications)
      .where(and(eq(notifications.contentId, item.id), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    await tx.delete(exclusiveContent).where(eq(exclusiveContent.id, item.id));
    await recordActivity(tx, actor, { action: "broadcast.retracted", objectType: "broadcast", objectId: item.id, objectLabel: item.title });
    return { id: item.id, title: item.title, unreadRemoved: removed.length };
  });
}
