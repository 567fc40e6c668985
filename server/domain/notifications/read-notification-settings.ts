import { count, eq } from "drizzle-orm";

import type { OptionalChannel } from "#shared/notification-kinds.ts";

import type { DbOrTx } from "../../db/client.ts";
import { notificationOptOuts, notificationSettings, pushSubscriptions } from "../../db/schema.ts";
import { assertSignedIn, type Actor } from "../errors.ts";

/** The collector's channels as the profile shows them; no row yet means e-mail off, everything wanted. */
export async function readNotificationSettings(db: DbOrTx, actor: Actor | null) {
  assertSignedIn(actor);
  const [settings] = await db
    .select({ language: notificationSettings.language, email: notificationSettings.email })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, actor.id));
  const [devices] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, actor.id));
  const optOuts = await db
    .select({ kind: notificationOptOuts.kind, channel: notificationOptOuts.channel })
    .from(notificationOptOuts)
    .where(eq(notificationOptOuts.userId, actor.id));
  return {
    language: settings?.language ?? null,
    email: settings?.email ?? ("off" as const),
    pushDevices: devices?.n ?? 0,
    optOuts: optOuts.map((o) => `${o.channel as OptionalChannel}.${o.kind}`),
  };
}
