import { sql } from "drizzle-orm";

import { queryRows, type Db } from "../db/client.ts";
import type { PushEndpointPolicy } from "../notify/push-endpoint-policy.ts";
import { createPushRequester, type PushRequest } from "../notify/push-request.ts";
import { webhookSignature } from "./signature.ts";

interface WebhookJob {
  id: string;
  eventId: string;
  body: string;
  url: string;
  secret: string;
  /** The secret before a rotation, while its grace period lasts (else null). */
  previousSecret: string | null;
  attempts: number;
}

export interface WebhookOutboxOptions {
  db: Db;
  /** Which endpoints may be reached: any public host, https (docs/decisions/021 and 051). */
  endpoints: PushEndpointPolicy;
  leaseSeconds?: number;
  batchSize?: number;
  maxAttempts?: number;
  /** Seconds before the n-th retry: base · 2^(n-1). */
  backoffSeconds?: number;
  timeoutMs?: number;
  /** Seconds since the epoch of an attempt (tests pin it). */
  now?: () => number;
}

/**
 * Sends queued webhook deliveries, with the delivery worker's rules (docs/decisions/018): a batch is
 * claimed with FOR UPDATE SKIP LOCKED and a lease, a delivery is marked "sending" (committed) before
 * its request and "sent" after a 2xx, so two workers never send one twice; a crash mid-send counts it
 * failed rather than sending it again. Anything but a 2xx (a redirect too: never followed) is retried
 * with backoff, five attempts. The webhook-id is the event's id, the same on every attempt and replay.
 */
export function createWebhookOutbox(opts: WebhookOutboxOptions) {
  const lease = opts.leaseSeconds ?? 300;
  const batchSize = opts.batchSize ?? 32;
  const maxAttempts = opts.maxAttempts ?? 5;
  const backoff = opts.backoffSeconds ?? 30;
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  const send = createPushRequester(opts.endpoints, { timeoutMs: opts.timeoutMs ?? 15_000 });

  async function recoverAbandoned() {
    await opts.db.execute(sql`
      update webhook_deliveries
      set status = case when status = 'claimed' then 'pending'::delivery_status else 'failed'::delivery_status end,
          last_error = case when status = 'sending' then 'interrupted while sending' else last_error end,
          lease_until = null
      where status in ('claimed', 'sending') and lease_until < now()`);
  }

  const claimBatch = () =>
    queryRows<WebhookJob>(
      opts.db,
      sql`with batch as (
            update webhook_deliveries set status = 'claimed', lease_until = now() + make_interval(secs => ${lease}), attempts = attempts + 1
            where id in (select id from webhook_deliveries where status = 'pending' and run_at <= now() order by run_at limit ${batchSize} for update skip locked)
            returning id, event_id, endpoint_id, attempts)
          select batch.id, batch.event_id as "eventId", ev.body, ep.url, ep.secret, batch.attempts,
                 case when ep.previous_secret_until > now() then ep.previous_secret end as "previousSecret"
          from batch join webhook_events ev on ev.id = batch.event_id join webhook_endpoints ep on ep.id = batch.endpoint_id`,
    );

  async function attempt(job: WebhookJob): Promise<number> {
    const timestamp = now();
    const request: PushRequest = {
      endpoint: job.url,
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Boonees-Webhooks/1",
        "webhook-id": job.eventId,
        "webhook-timestamp": String(timestamp),
        // after a rotation, for its grace period, signed with the old secret as well (space separated)
        "webhook-signature": [job.secret, job.previousSecret]
          .filter((secret): secret is string => !!secret)
          .map((secret) => webhookSignature(secret, job.eventId, timestamp, job.body))
          .join(" "),
      },
      body: Buffer.from(job.body),
    };
    const answer = await send(request);
    return answer.status;
  }

  async function sendOne(job: WebhookJob) {
    const mine = await queryRows(
      opts.db,
      sql`update webhook_deliveries set status = 'sending' where id = ${job.id} and status = 'claimed' returning id`,
    );
    if (mine.length === 0) return; // the lease ended and another worker took it
    let status: number | null = null;
    let error: string;
    let final = job.attempts >= maxAttempts;
    try {
      const refused = opts.endpoints.refusal(job.url);
      if (refused) throw Object.assign(new Error(`endpoint refused: ${refused}`), { code: "EPUSHREFUSED" });
      status = await attempt(job);
      if (status >= 200 && status < 300) {
        await opts.db.execute(
          sql`update webhook_deliveries set status = 'sent', sent_at = now(), lease_until = null, last_error = null, response_status = ${status} where id = ${job.id}`,
        );
        return;
      }
      error = `HTTP ${status}`;
    } catch (e) {
      // an endpoint the rules refuse (now resolving internally) is not tried again
      if ((e as { code?: string }).code === "EPUSHREFUSED") final = true;
      error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
    }
    await opts.db.execute(sql`
      update webhook_deliveries set
        status = ${final ? "failed" : "pending"}::delivery_status, lease_until = null, last_error = ${error},
        response_status = ${status}, run_at = now() + make_interval(secs => ${backoff * 2 ** (job.attempts - 1)})
      where id = ${job.id}`);
  }

  /** One round: recover what dead workers left, claim a batch, send it one after another. Returns how many were claimed. */
  async function runOnce(opts2: { halting?: () => boolean } = {}): Promise<number> {
    await recoverAbandoned();
    const jobs = await claimBatch();
    let next = 0;
    for (; next < jobs.length; next++) {
      if (opts2.halting?.()) break;
      await sendOne(jobs[next]);
    }
    if (next < jobs.length)
      await opts.db.execute(
        sql`update webhook_deliveries set status = 'pending', lease_until = null, attempts = attempts - 1
            where id = any(${sql.param(jobs.slice(next).map((j) => j.id))}::uuid[]) and status = 'claimed'`,
      );
    return jobs.length;
  }

  return { runOnce };
}

export type WebhookOutbox = ReturnType<typeof createWebhookOutbox>;
