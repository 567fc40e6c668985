import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";

import { UUID } from "#shared/uuid.ts";

import type { Db } from "../../db/client.ts";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";

const known = (id: string) => {
  if (!UUID.test(id)) throw new DomainError("notFound", 404);
  return eq(webhookEndpoints.id, id);
};

/** Stops (or starts again) queueing events for an endpoint; what is queued already is still sent. */
export async function setWebhookEnabled(db: Db, actor: Actor | null, id: string, enabled: boolean) {
  assertRole(actor, ["admin"]);
  const changed = await db
    .update(webhookEndpoints)
    .set({ disabledAt: enabled ? null : sql`now()` })
    .where(and(known(id), enabled ? isNotNull(webhookEndpoints.disabledAt) : isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  if (changed.length === 0) throw new DomainError("notFound", 404);
}

/** Deletes an endpoint with its deliveries (what is gone is gone, decision 040). */
export async function deleteWebhook(db: Db, actor: Actor | null, id: string) {
  assertRole(actor, ["admin"]);
  const gone = await db.delete(webhookEndpoints).where(known(id)).returning({ id: webhookEndpoints.id });
  if (gone.length === 0) throw new DomainError("notFound", 404);
}

/**
 * Sends a finished delivery again, as it was (same webhook-id, same body, a fresh timestamp and
 * signature): it goes back to the queue, five attempts. One that is still queued or being sent is
 * left alone (409), so a replay never makes two sends at once.
 */
export async function replayWebhookDelivery(db: Db, actor: Actor | null, deliveryId: string) {
  assertRole(actor, ["admin"]);
  if (!UUID.test(deliveryId)) throw new DomainError("notFound", 404);
  const replayed = await db
    .update(webhookDeliveries)
    .set({ status: "pending", attempts: 0, runAt: sql`now()`, leaseUntil: null, lastError: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), sql`${webhookDeliveries.status} in ('sent', 'failed')`))
    .returning({ id: webhookDeliveries.id });
  if (replayed.length === 0) {
    const [exists] = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId));
    throw exists ? new DomainError("stillQueued", 409) : new DomainError("notFound", 404);
  }
}
