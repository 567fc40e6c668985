import { and, desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.ts";
import { notifications } from "../db/schema.ts";
import { assertSignedIn, DomainError, type Actor } from "./errors.ts";

/** The user's own notifications, newest first. */
export async function listNotifications(db: DbOrTx, actor: Actor | null, limit = 200) {
  assertSignedIn(actor);
  return db
    .select({ id: notifications.id, title: notifications.title, message: notifications.message, type: notifications.type, link: notifications.link, read: notifications.read, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.userId, actor.id))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}

/** Marks one of the user's own notifications read (someone else's id changes nothing: 404). Returns its link. */
export async function markNotificationRead(db: Db, actor: Actor | null, id: string) {
  assertSignedIn(actor);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new DomainError("notFound", 404);
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
    .returning({ link: notifications.link });
  if (!row) throw new DomainError("notFound", 404);
  return row.link;
}

export async function markAllNotificationsRead(db: Db, actor: Actor | null) {
  assertSignedIn(actor);
  await db.update(notifications).set({ read: true }).where(and(eq(notifications.userId, actor.id), eq(notifications.read, false)));
}
