import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";

import { UUID } from "#shared/uuid.ts";

import type { Db } from "../../db/client.ts";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema.ts";
import { newWebhookSecret } from "../../webhooks/signature.ts";
import { recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { assertGlobalStaff } from "../staff-scope.ts";

const known = (id: string) => {
  if (!UUID.test(id)) throw new DomainError("notFound", 404);
  return eq(webhookEndpoints.id, id);
};

/** Stops (or starts again) queueing events for an endpoint; what is queued already is still sent. */
export async function setWebhookEnabled(db: Db, actor: Actor | null, id: string, enabled: boolean) {
  assertRole(actor, ["admin"]);
  assertGlobalStaff(actor); // events of every city go to the endpoint (decision 058)
  const where = and(known(id), enabled ? isNotNull(webhookEndpoints.disabledAt) : isNull(webhookEndpoints.disabledAt));
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(webhookEndpoints)
      .set({ disabledAt: enabled ? null : sql`now()` })
      .where(where)
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!changed) throw new DomainError("notFound", 404);
    await recordActivity(tx, actor, {
      action: enabled ? "webhook.resumed" : "webhook.paused",
      objectType: "webhook",
      objectId: changed.id,
      objectLabel: changed.url,
    });
  });
}

/** Deletes an endpoint with its deliveries (what is gone is gone, decision 040). */
export async function deleteWebhook(db: Db, actor: Actor | null, id: string) {
  assertRole(actor, ["admin"]);
  assertGlobalStaff(actor); // events of every city go to the endpoint (decision 058)
  const where = known(id);
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(webhookEndpoints)
      .where(where)
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!gone) throw new DomainError("notFound", 404);
    await recordActivity(tx, actor, {
      action: "webhook.deleted",
      objectType: "webhook",
      objectId: gone.id,
      objectLabel: gone.url,
    });
  });
}

/**
 * Sends a finished delivery again, as it was (same webhook-id, same body, a fresh timestamp and
 * signature): it goes back to the queue, five attempts. One that is still queued or being sent is
 * left alone (409), so a replay never makes two sends at once.
 */
export async function replayWebhookDelivery(db: Db, actor: Actor | null, deliveryId: string) {
  assertRole(actor, ["admin"]);
  assertGlobalStaff(actor); // events of every city go to the endpoint (decision 058)
  if (!UUID.test(deliveryId)) throw new DomainError("notFound", 404);
  const replayed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", attempts: 0, runAt: sql`now()`, leaseUntil: null, lastError: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), sql`${webhookDeliveries.status} in ('sent', 'failed')`))
      .returning({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId });
    if (rows[0])
      await recordActivity(tx, actor, {
        action: "webhook.replayed",
        objectType: "webhook",
        objectId: rows[0].endpointId,
        objectLabel: deliveryId,
      });
    return rows;
  });
  if (replayed.length === 0) {
    const [exists] = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId));
    throw exists ? new DomainError("stillQueued", 409) : new DomainError("notFound", 404);
  }
}

/** How long deliveries are signed with the old secret as well after a rotation. */
export const SECRET_GRACE_HOURS = 24;

/**
 * Gives an endpoint a new secret, returned once (the page shows it, never again). For SECRET_GRACE_HOURS
 * every delivery is signed with both (Standard Webhooks: several signatures in webhook-signature), so the
 * receiver can switch to the new one in its own time; after that with the new one only. Rotating again
 * within the grace period keeps only the secret being replaced as the old one.
 */
export async function rotateWebhookSecret(db: Db, actor: Actor | null, id: string): Promise<{ secret: string }> {
  assertRole(actor, ["admin"]);
  assertGlobalStaff(actor); // events of every city go to the endpoint (decision 058)
  const where = known(id);
  const secret = newWebhookSecret();
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(webhookEndpoints)
      .set({
        previousSecret: sql`${webhookEndpoints.secret}`,
        previousSecretUntil: sql`now() + make_interval(hours => ${SECRET_GRACE_HOURS})`,
        secret,
      })
      .where(where)
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!changed) throw new DomainError("notFound", 404);
    await recordActivity(tx, actor, {
      action: "webhook.rotated",
      objectType: "webhook",
      objectId: changed.id,
      objectLabel: changed.url,
    });
  });
  return { secret };
}
