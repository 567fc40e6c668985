import type { DbOrTx } from "../db/client.ts";
import { notifications, type Notification } from "../db/schema.ts";

export type NewNotification = Pick<Notification, "userId" | "title" | "message" | "type"> & { link?: string | null; contentId?: string | null };

/**
 * Inserts notifications inside the caller's transaction. A database trigger announces each one on
 * commit (pg_notify), which updates the recipients' live badges on every app instance.
 * Titles and messages are stored as written (both languages where the text is ours).
 */
export async function createNotifications(tx: DbOrTx, items: NewNotification[]) {
  if (items.length === 0) return;
  for (let i = 0; i < items.length; i += 1000) {
    await tx.insert(notifications).values(items.slice(i, i + 1000).map((n) => ({ ...n, link: n.link ?? null })));
  }
}
