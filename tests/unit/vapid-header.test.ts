import { describe, expect, it } from "vitest";
import webpush from "web-push";

import { createVapidHeaders } from "../../server/notify/vapid-header.ts";

const claimsOf = (header: string) => {
  const token = /^vapid t=([^,]+), k=/.exec(header)![1];
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8")) as { aud: string; exp: number };
};

describe("VAPID header per push service (decision 057)", () => {
  const vapid = webpush.generateVAPIDKeys();

  it("signs once per push service origin and reuses it until an hour before it expires", () => {
    let clock = Date.UTC(2026, 10, 28, 8, 0, 0);
    const headerFor = createVapidHeaders(vapid, "mailto:admin@example.test", () => clock);
    const first = headerFor("https://fcm.googleapis.com/fcm/send/abc");
    expect(headerFor("https://fcm.googleapis.com/fcm/send/def")).toBe(first);
    expect(claimsOf(first)).toMatchObject({ aud: "https://fcm.googleapis.com", exp: clock / 1000 + 12 * 3600 });
    const other = headerFor("https://updates.push.services.mozilla.com/wpush/v2/xyz");
    expect(claimsOf(other).aud).toBe("https://updates.push.services.mozilla.com");
    clock += 10 * 3600 * 1000;
    expect(headerFor("https://fcm.googleapis.com/fcm/send/abc")).toBe(first);
    clock += 1 * 3600 * 1000 + 1;
    const renewed = headerFor("https://fcm.googleapis.com/fcm/send/abc");
    expect(renewed).not.toBe(first);
    expect(claimsOf(renewed).exp).toBeGreaterThan(claimsOf(first).exp);
  });
});
