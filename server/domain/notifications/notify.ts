import { sql } from "drizzle-orm";

import { kindOfNotification, type NotificationKind } from "#shared/notification-kinds.ts";

import type { DbOrTx } from "../../db/client.ts";
import { notifications, type Notification } from "../../db/schema.ts";
import { CHANNEL_ROWS, wantsChannelSql } from "../../notify/wants-channel.ts";

export type NewNotification = Pick<Notification, "userId" | "title" | "message" | "type"> &
  Partial<Pick<Notification, "titleEn" | "messageEn">> & {
    link?: string | null;
    contentId?: string | null;
    /** What the notification is about, for push and e-mail preferences; derived from type/text when left out. */
    kind?: NotificationKind;
  };

/**
 * Inserts notifications inside the caller's transaction. A database trigger announces each one on
 * commit (pg_notify), which updates the recipients' live badges on every app instance.
 * Titles and messages are stored as written (both languages where the text is ours).
 * In the same transaction a push and an e-mail job are queued for every recipient who wants the
 * kind on that channel, so a rolled-back action sends nothing (server/notify/delivery-worker.ts sends).
 */
export async function createNotifications(tx: DbOrTx, items: NewNotification[]) {
  if (items.length === 0) return;
  for (let i = 0; i < items.length; i += 1000) {
    const chunk = items.slice(i, i + 1000);
    const inserted = await tx
      .insert(notifications)
      .values(chunk.map(({ kind: _kind, ...n }) => ({ ...n, link: n.link ?? null })))
      .returning({ id: notifications.id });
    const ids: string[] = [];
    const kinds: string[] = [];
    chunk.forEach((n, j) => {
      const kind = n.kind ?? kindOfNotification(n);
      if (kind) {
        ids.push(inserted[j].id);
        kinds.push(kind);
      }
    });
    if (ids.length > 0) await enqueueDeliveries(tx, ids, kinds);
  }
}

/**
 * One job per notification × channel the recipient has turned on and not switched off for the kind.
 * A drop's announcements name their drop, so the admin sees its deliveries (as a broadcast's by content_id).
 */
export async function enqueueDeliveries(tx: DbOrTx, ids: string[], kinds: string[], about: { dropId?: string } = {}) {
  await tx.execute(sql`
    insert into delivery_jobs (notification_id, user_id, channel, kind, title, message, title_en, message_en, link, content_id, drop_id)
    select n.id, n.user_id, c.channel, k.kind, n.title, n.message, n.title_en, n.message_en, n.link, n.content_id, ${about.dropId ?? null}::uuid
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(kinds)}::text[]) as k(id, kind)
    join notifications n on n.id = k.id
    cross join ${CHANNEL_ROWS}
    where ${wantsChannelSql(sql`n.user_id`, sql`k.kind`, sql`c.channel`)}
    on conflict (notification_id, channel) do nothing`);
}
