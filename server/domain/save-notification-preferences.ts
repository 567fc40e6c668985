import { eq } from "drizzle-orm";
import type { Lang } from "#shared/i18n-config.ts";
import { NOTIFICATION_KINDS, OPTIONAL_CHANNELS, mayUse } from "#shared/notification-kinds.ts";
import type { PreferencesInput } from "#shared/schemas/channels.ts";
import type { Db } from "../db/client.ts";
import { notificationOptOuts, notificationSettings, pushSubscriptions } from "../db/schema.ts";
import { ensureSettingsRow } from "../notify/settings-row.ts";
import { assertSignedIn, type Actor } from "./errors.ts";

/** Saves which kinds go to push and e-mail and the language of those texts (every device too). One transaction. */
export async function saveNotificationPreferences(db: Db, actor: Actor | null, input: PreferencesInput, currentLang: Lang) {
  assertSignedIn(actor);
  const wanted = new Set(input.enabled.map((e) => `${e.channel}.${e.kind}`));
  const optOuts = OPTIONAL_CHANNELS.flatMap((channel) =>
    NOTIFICATION_KINDS.filter((kind) => mayUse(kind, channel) && !wanted.has(`${channel}.${kind}`)).map((kind) => ({
      userId: actor.id,
      kind,
      channel,
    })),
  );
  await db.transaction(async (tx) => {
    await ensureSettingsRow(tx, actor.id, currentLang);
    await tx
      .update(notificationSettings)
      .set({ language: input.language, updatedAt: new Date() })
      .where(eq(notificationSettings.userId, actor.id));
    await tx.update(pushSubscriptions).set({ language: input.language }).where(eq(pushSubscriptions.userId, actor.id));
    await tx.delete(notificationOptOuts).where(eq(notificationOptOuts.userId, actor.id));
    if (optOuts.length > 0) await tx.insert(notificationOptOuts).values(optOuts);
  });
}
