import { and, eq } from "drizzle-orm";
import type { Lang } from "#shared/i18n-config.ts";
import type { PushSubscriptionInput } from "#shared/schemas/channels.ts";
import type { Db } from "../db/client.ts";
import { pushSubscriptions } from "../db/schema.ts";
import { assertSignedIn, DomainError, type Actor } from "./errors.ts";

/**
 * Keeps this device's push subscription (one row per endpoint: a device handed to another account
 * moves with it). Real push services are https; plain http only when the operator allows it (tests).
 */
export async function subscribePush(db: Db, actor: Actor | null, input: PushSubscriptionInput, lang: Lang, opts: { allowHttp: boolean }) {
  assertSignedIn(actor);
  if (!opts.allowHttp && !input.endpoint.startsWith("https:")) throw new DomainError("pushInvalid", 400);
  await db
    .insert(pushSubscriptions)
    .values({ userId: actor.id, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, language: lang })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId: actor.id, p256dh: input.p256dh, auth: input.auth, language: lang } });
}

/** This device stops getting push (the browser's subscription is cancelled by the page). */
export async function unsubscribePush(db: Db, actor: Actor | null, endpoint: string) {
  assertSignedIn(actor);
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, actor.id), eq(pushSubscriptions.endpoint, endpoint)));
}
