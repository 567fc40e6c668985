import { and, desc, eq } from "drizzle-orm";

import type { Db, DbOrTx } from "../../db/client.ts";
import { notifications } from "../../db/schema.ts";
import {
  announcementIdOf,
  listAnnouncements,
  markAllAnnouncementsRead,
  markAnnouncementRead,
} from "../drops/announcement-inbox.ts";
import { assertSignedIn, DomainError, type Actor } from "../errors.ts";

/** The user's own notifications and the announcements to everyone they see, merged, newest first. */
export async function listNotifications(db: DbOrTx, actor: Actor | null, limit = 200) {
  assertSignedIn(actor);
  const own = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      message: notifications.message,
      titleEn: notifications.titleEn,
      messageEn: notifications.messageEn,
      type: notifications.type,
      link: notifications.link,
      read: notifications.read,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, actor.id))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
  const everyone = await listAnnouncements(db, actor.id, limit);
  return [...own, ...everyone].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
}

/** Marks one of the user's own notifications read (someone else's id changes nothing: 404). Returns its link. */
export async function markNotificationRead(db: Db, actor: Actor | null, id: string) {
  assertSignedIn(actor);
  const announcementId = announcementIdOf(id);
  if (announcementId) {
    const announcement = await markAnnouncementRead(db, actor.id, announcementId);
    if (!announcement) throw new DomainError("notFound", 404);
    return announcement.link;
  }
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new DomainError("notFound", 404);
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
    .returning({ link: notifications.link });
  if (!row) throw new DomainError("notFound", 404);
  return row.link;
}

/** Marks every notification read, and every announcement up to the newest (one transaction). */
export async function markAllNotificationsRead(db: Db, actor: Actor | null) {
  assertSignedIn(actor);
  await db.transaction(async (tx) => {
    await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, actor.id), eq(notifications.read, false)));
    await markAllAnnouncementsRead(tx, actor.id);
  });
}
