import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A verified tap, carried from the tap's URL to the page and its claim button (10 minutes): the tag,
 * the accepted counter and an expiry, signed with the session secret. The claim also needs the
 * counter to still be the tag's last accepted one, so a newer tap elsewhere makes this grant worthless.
 */
export interface TapGrant {
  tagId: string;
  counter: number;
}

export const TAP_GRANT_COOKIE = "sun_tap";
export const TAP_GRANT_SECONDS = 10 * 60;

const sign = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(`sun-tap:${payload}`).digest("base64url");

export function signTapGrant(secret: string, grant: TapGrant, now = Date.now()): string {
  const payload = `${grant.tagId}.${grant.counter}.${Math.floor(now / 1000) + TAP_GRANT_SECONDS}`;
  return `${payload}.${sign(secret, payload)}`;
}

export function readTapGrant(secret: string, value: string | null | undefined, now = Date.now()): TapGrant | null {
  const parts = value?.split(".") ?? [];
  if (parts.length !== 4) return null;
  const [tagId, counter, expires, mac] = parts;
  const expected = Buffer.from(sign(secret, `${tagId}.${counter}.${expires}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) * 1000 < now) return null;
  return { tagId, counter: Number(counter) };
}
