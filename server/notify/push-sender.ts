import { eq, inArray } from "drizzle-orm";
import webpush from "web-push";

import { renderNotificationIn } from "#shared/notification-text.ts";

import type { Db } from "../db/client.ts";
import { caught, groupCalls } from "../db/group-calls.ts";
import { pushSubscriptions } from "../db/schema.ts";
import type { Deliver, DeliveryJob } from "./delivery-worker.ts";
import type { PushEndpointPolicy } from "./push-endpoint-policy.ts";
import { createPushRequester } from "./push-request.ts";
import { asLang, translator } from "./translate.ts";
import { createVapidHeaders } from "./vapid-header.ts";
import type { VapidKeys } from "./vapid-keys.ts";

/** What the service worker shows (public/sw.js): already in the device's language. */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
}

/**
 * Sends a job to every device of its user. The request is built by web-push (VAPID, aes128gcm) and
 * posted by push-request.ts (checked addresses only, no redirects). A device the push service no
 * longer knows (404/410) is removed, and so is one whose endpoint the policy refuses (stored before
 * the rules, or a push service host that now resolves to an internal address): it is never retried.
 */
export function createPushSender(opts: {
  db: Db;
  vapid: VapidKeys;
  subject: string;
  publicUrl: string;
  endpoints: PushEndpointPolicy;
}): Deliver {
  const send = createPushRequester(opts.endpoints);
  const vapidHeader = createVapidHeaders(opts.vapid, opts.subject);
  const drop = (id: string) => opts.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  // the devices of the jobs whose lanes ask at the same time, in one statement (decision 057)
  const devicesOf = groupCalls(async (userIds: string[]) => {
    const rows = await opts.db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
    return Map.groupBy(rows, (row) => row.userId);
  });
  const lookedUp = new WeakMap<DeliveryJob, ReturnType<typeof devicesOf>>();
  const deliver: Deliver = async (job) => {
    const devices = (await (lookedUp.get(job) ?? devicesOf(job.userId))).get(job.userId) ?? [];
    if (devices.length === 0) return "skipped";
    let delivered = 0;
    let lastError = "";
    for (const device of devices) {
      if (opts.endpoints.refusal(device.endpoint)) {
        await drop(device.id);
        continue;
      }
      const lang = asLang(device.language);
      const t = translator(lang);
      const payload: PushPayload = {
        title: renderNotificationIn(job.title, job.titleEn, lang, t).text,
        body: renderNotificationIn(job.message, job.messageEn, lang, t).text,
        link: new URL(job.link ?? "/notifications", opts.publicUrl).href,
      };
      const request = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(payload),
        {
          TTL: 24 * 60 * 60,
          // the push service keeps only the newest message of a topic: a repeat of this job replaces, not adds
          topic: (job.notificationId ?? job.id).replaceAll("-", ""),
        },
      );
      // VAPID: signed once per push service (vapid-header.ts), not by web-push for every message
      request.headers.Authorization = vapidHeader(device.endpoint);
      const response = await send(request).catch((e: NodeJS.ErrnoException) => ({
        status: 0,
        statusText: e.message,
        refused: e.code === "EPUSHREFUSED",
      }));
      if ("refused" in response && response.refused) {
        await drop(device.id);
        continue;
      }
      if (response.status === 404 || response.status === 410) {
        await drop(device.id);
      } else if (response.status >= 200 && response.status < 300) {
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
  deliver.lookAhead = (job) => lookedUp.set(job, caught(devicesOf(job.userId)));
  return deliver;
}
