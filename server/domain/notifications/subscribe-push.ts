import { and, eq, sql } from "drizzle-orm";

import type { Lang } from "#shared/i18n-config.ts";
import type { PushSubscriptionInput } from "#shared/schemas/channels.ts";

import type { Db } from "../../db/client.ts";
import { pushSubscriptions } from "../../db/schema.ts";
import { PushEndpointRefused, type PushEndpointPolicy } from "../../notify/push-endpoint-policy.ts";
import { assertSignedIn, DomainError, type Actor } from "../errors.ts";

/**
 * Keeps this device's push subscription (one row per endpoint). Only endpoints of real push
 * services are stored (docs/decisions/021): the host must be on the policy's list and resolve to
 * public addresses only (a failed look-up is left to the sender, which checks again). A known
 * endpoint moves to another account only when the poster shows the device's own keys (p256dh and
 * auth, as stored): a device handed over moves with it, a copied endpoint is refused.
 */
export async function subscribePush(
  db: Db,
  actor: Actor | null,
  input: PushSubscriptionInput,
  lang: Lang,
  endpoints: PushEndpointPolicy,
) {
  assertSignedIn(actor);
  if (endpoints.refusal(input.endpoint)) throw new DomainError("pushService", 400);
  const { hostname } = new URL(input.endpoint);
  try {
    await endpoints.addressesOf(hostname);
  } catch (e) {
    if (e instanceof PushEndpointRefused) throw new DomainError("pushService", 400);
  }
  const stored = await db
    .insert(pushSubscriptions)
    .values({ userId: actor.id, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, language: lang })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: actor.id, p256dh: input.p256dh, auth: input.auth, language: lang },
      setWhere: sql`${pushSubscriptions.userId} = ${actor.id} or (${pushSubscriptions.p256dh} = ${input.p256dh} and ${pushSubscriptions.auth} = ${input.auth})`,
    })
    .returning({ id: pushSubscriptions.id });
  if (stored.length === 0) throw new DomainError("pushTaken", 409);
}

/** This device stops getting push (the browser's subscription is cancelled by the page). */
export async function unsubscribePush(db: Db, actor: Actor | null, endpoint: string) {
  assertSignedIn(actor);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, actor.id), eq(pushSubscriptions.endpoint, endpoint)));
}
