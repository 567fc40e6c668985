import webpush from "web-push";

import type { VapidKeys } from "./vapid-keys.ts";

const VALID_SECONDS = 12 * 60 * 60;
const RENEW_BEFORE_MS = 60 * 60 * 1000;

/**
 * The VAPID Authorization header for a push endpoint, signed once per push service (its origin is the
 * token's audience) and reused until an hour before its 12 hours run out (decision 057): signing it
 * anew for every message cost about a quarter of a push's CPU.
 */
export function createVapidHeaders(vapid: VapidKeys, subject: string, now: () => number = Date.now) {
  const signed = new Map<string, { header: string; renewAt: number }>();
  return (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const cached = signed.get(audience);
    if (cached && cached.renewAt > now()) return cached.header;
    const expiration = Math.floor(now() / 1000) + VALID_SECONDS;
    const { Authorization: header } = webpush.getVapidHeaders(
      audience,
      subject,
      vapid.publicKey,
      vapid.privateKey,
      "aes128gcm",
      expiration,
    );
    signed.set(audience, { header, renewAt: expiration * 1000 - RENEW_BEFORE_MS });
    return header;
  };
}
