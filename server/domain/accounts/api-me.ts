import { desc, eq } from "drizzle-orm";

import type { Lang } from "#shared/i18n-config.ts";
import { renderNotificationText } from "#shared/notification-text.ts";

import type { DbOrTx } from "../../db/client.ts";
import { boonees } from "../../db/schema.ts";
import { translator } from "../../notify/translate.ts";
import { listNotifications } from "../notifications/notification-inbox.ts";

/**
 * What a personal token reads (docs/decisions/051): the owner's own finds and notifications, no more.
 * Both take the user id the token belongs to, never one from the request.
 */
export async function apiMyFinds(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      id: boonees.id,
      name: boonees.name,
      rarity: boonees.rarity,
      series: boonees.series,
      status: boonees.status,
      claimedAt: boonees.claimedAt,
    })
    .from(boonees)
    .where(eq(boonees.ownerId, userId))
    .orderBy(desc(boonees.claimedAt), boonees.id);
  return rows.map((r) => ({ ...r, claimedAt: r.claimedAt?.toISOString() ?? null, url: `/boonee/${r.id}` }));
}

/** The newest notifications (own and announcements to everyone), their texts in `lang`. */
export async function apiMyNotifications(db: DbOrTx, userId: string, lang: Lang, limit = 100) {
  const t = translator(lang);
  const rows = await listNotifications(db, { id: userId, role: "user" }, limit);
  return rows.map((n) => {
    const english = lang === "en" && n.titleEn;
    return {
      id: n.id,
      type: n.type,
      title: renderNotificationText(english ? n.titleEn! : n.title, t),
      message: renderNotificationText(english && n.messageEn ? n.messageEn : n.message, t),
      link: n.link,
      read: n.read,
      createdAt: n.createdAt.toISOString(),
    };
  });
}
