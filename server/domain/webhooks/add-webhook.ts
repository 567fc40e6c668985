import { validate } from "#shared/forms.ts";
import { webhookSchema } from "#shared/schemas/webhooks.ts";

import type { Db } from "../../db/client.ts";
import { webhookEndpoints } from "../../db/schema.ts";
import { PushEndpointRefused, type PushEndpointPolicy } from "../../notify/push-endpoint-policy.ts";
import { newWebhookSecret } from "../../webhooks/signature.ts";
import { recordActivity } from "../activity/record-activity.ts";
import { assertRole, DomainError, type Actor } from "../errors.ts";
import { assertGlobalStaff } from "../staff-scope.ts";

/**
 * An admin registers a webhook endpoint (docs/decisions/051). The URL must pass the push endpoints'
 * rules without their list of hosts (decision 021): https, no credentials, no IP address, and a host
 * whose every address is public (checked again on every delivery, where the socket connects). The
 * secret is made here and returned once; the page shows it and never again.
 */
export async function addWebhook(
  db: Db,
  actor: Actor | null,
  fields: Record<string, unknown>,
  endpoints: PushEndpointPolicy,
): Promise<{ id: string; secret: string }> {
  assertRole(actor, ["admin"]);
  assertGlobalStaff(actor); // events of every city go to the endpoint (decision 058)
  const parsed = validate(webhookSchema, fields);
  if (!parsed.ok) throw new DomainError("invalid", 400, parsed.errors);
  const { url, description, events } = parsed.data;
  if (endpoints.refusal(url)) throw new DomainError("invalid", 400, { url: "admin.webhooks.error.internal" });
  try {
    await endpoints.addressesOf(new URL(url).hostname);
  } catch (e) {
    if (e instanceof PushEndpointRefused)
      throw new DomainError("invalid", 400, { url: "admin.webhooks.error.internal" });
  }
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ url, description, events, secret, createdBy: actor.id })
      .returning({ id: webhookEndpoints.id });
    await recordActivity(tx, actor, {
      action: "webhook.added",
      objectType: "webhook",
      objectId: row.id,
      objectLabel: url,
    });
    return { id: row.id, secret };
  });
}
