import { createHmac, randomBytes } from "node:crypto";

const PREFIX = "whsec_";

/** A new endpoint secret as Standard Webhooks spells it: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => PREFIX + randomBytes(32).toString("base64");

/**
 * The `webhook-signature` header of one attempt (Standard Webhooks): `v1,` and the base64
 * HMAC-SHA256, keyed with the secret's bytes, of "id.timestamp.body".
 */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}
