import { desc, eq, sql } from "drizzle-orm";

import type { WebhookEvent } from "#shared/webhook-events.ts";

import type { DbOrTx } from "../../db/client.ts";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema.ts";
import { assertRole, type Actor } from "../errors.ts";
import { assertGlobalStaff } from "../staff-scope.ts";

/** How many of the latest deliveries the admin page shows. */
export const RECENT_DELIVERIES = 30;

/** The endpoints (never their secrets) and the latest deliveries, for /admin/webhooks. */
export async function listWebhooks(db: DbOrTx, actor: Actor | null) {
  assertRole(actor, ["admin"]);
  assertGlobalStaff(actor); // events of every city go to the endpoint (decision 058)
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.events,
      createdAt: webhookEndpoints.createdAt,
      disabledAt: webhookEndpoints.disabledAt,
      // while the secret before a rotation still signs too (never the secrets themselves)
      previousSecretUntil: sql<Date | null>`case when ${webhookEndpoints.previousSecretUntil} > now() then ${webhookEndpoints.previousSecretUntil} end`,
    })
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt));
  const deliveries = await db
    .select({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      url: webhookEndpoints.url,
      eventId: webhookEvents.id,
      type: webhookEvents.type,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      responseStatus: webhookDeliveries.responseStatus,
      lastError: webhookDeliveries.lastError,
      createdAt: webhookDeliveries.createdAt,
      sentAt: webhookDeliveries.sentAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(RECENT_DELIVERIES);
  return {
    endpoints: endpoints.map((e) => ({ ...e, events: e.events as WebhookEvent[] })),
    deliveries: deliveries.map((d) => ({ ...d, type: d.type as WebhookEvent })),
  };
}
