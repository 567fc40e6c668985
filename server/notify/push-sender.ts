import { eq } from "drizzle-orm";
import webpush from "web-push";
import { renderNotificationText } from "#shared/notification-text.ts";
import type { Db } from "../db/client.ts";
import { pushSubscriptions } from "../db/schema.ts";
import type { Deliver } from "./delivery-worker.ts";
import { asLang, translator } from "./translate.ts";
import type { VapidKeys } from "./vapid-keys.ts";

/** What the service worker shows (public/sw.js): already in the device's language. */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
}

/**
 * Sends a job to every device of its user. The request is built by web-push (VAPID, aes128gcm) and
 * posted with fetch; a device the push service no longer knows (404/410) is removed.
 */
export function createPushSender(opts: { db: Db; vapid: VapidKeys; subject: string; publicUrl: string }): Deliver {
  return async (job) => {
    const devices = await opts.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, job.userId));
    if (devices.length === 0) return "skipped";
    let delivered = 0;
    let lastError = "";
    for (const device of devices) {
      const t = translator(asLang(device.language));
      const payload: PushPayload = {
        title: renderNotificationText(job.title, t),
        body: renderNotificationText(job.message, t),
        link: new URL(job.link ?? "/notifications", opts.publicUrl).href,
      };
      const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: opts.subject, publicKey: opts.vapid.publicKey, privateKey: opts.vapid.privateKey },
        TTL: 24 * 60 * 60,
        // the push service keeps only the newest message of a topic: a repeat of this job replaces, not adds
        topic: (job.notificationId ?? job.id).replaceAll("-", ""),
      });
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : undefined,
        signal: AbortSignal.timeout(30_000),
      }).catch((e: unknown) => ({ ok: false, status: 0, statusText: e instanceof Error ? e.message : "network error" }) as const);
      if (response.status === 404 || response.status === 410) {
        await opts.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      } else if (response.ok) {
        delivered++;
      } else {
        lastError = `push service answered ${response.status} ${response.statusText}`;
      }
    }
    // one device reached is a delivery: retrying would repeat it there
    if (delivered > 0) return "sent";
    if (lastError) throw new Error(lastError);
    return "skipped";
  };
}
