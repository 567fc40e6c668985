import { and, eq, inArray } from "drizzle-orm";

import type { Lang } from "#shared/i18n-config.ts";
import { mayUse, OPTIONAL_CHANNELS, preferenceKindsFor } from "#shared/notification-kinds.ts";
import type { PreferencesInput } from "#shared/schemas/channels.ts";

import type { Db } from "../../db/client.ts";
import { notificationOptOuts, notificationSettings, pushSubscriptions } from "../../db/schema.ts";
import { ensureSettingsRow } from "../../notify/settings-row.ts";
import { assertSignedIn, type Actor } from "../errors.ts";

/**
 * Saves which kinds go to push and e-mail and the language of those texts (every device too). One
 * transaction. Only the rows the person's form shows are saved: a collector's form has no team-only
 * rows, so saving it leaves those preferences as they are (they apply again if the person joins the team).
 */
export async function saveNotificationPreferences(
  db: Db,
  actor: Actor | null,
  input: PreferencesInput,
  currentLang: Lang,
) {
  assertSignedIn(actor);
  const kinds = preferenceKindsFor(actor.role);
  const wanted = new Set(input.enabled.map((e) => `${e.channel}.${e.kind}`));
  const optOuts = OPTIONAL_CHANNELS.flatMap((channel) =>
    kinds
      .filter((kind) => mayUse(kind, channel) && !wanted.has(`${channel}.${kind}`))
      .map((kind) => ({
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
    await tx
      .delete(notificationOptOuts)
      .where(and(eq(notificationOptOuts.userId, actor.id), inArray(notificationOptOuts.kind, [...kinds])));
    if (optOuts.length > 0) await tx.insert(notificationOptOuts).values(optOuts);
  });
}
