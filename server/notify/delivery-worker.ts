import { sql } from "drizzle-orm";

import type { OptionalChannel } from "#shared/notification-kinds.ts";

import { queryRows, type Db } from "../db/client.ts";
import { groupCalls } from "../db/group-calls.ts";
import { fanOutOnce } from "./fan-out.ts";

export interface DeliveryJob {
  id: string;
  notificationId: string | null;
  userId: string;
  channel: OptionalChannel;
  kind: string;
  title: string;
  message: string;
  /** A broadcast's English texts (null: none; the German ones go out). */
  titleEn: string | null;
  messageEn: string | null;
  link: string | null;
  attempts: number;
}

/**
 * "sent": it went out; "skipped": nothing to send any more (no device, opted out since).
 * `lookAhead`, if there: called as the job is being marked "sending", so the channel can start reading
 * its recipient at the same time instead of after (decision 057); the job may then not be sent at all.
 */
export type Deliver = ((job: DeliveryJob) => Promise<"sent" | "skipped">) & {
  lookAhead?: (job: DeliveryJob) => void;
};

export interface DeliveryWorkerOptions {
  db: Db;
  deliver: Record<OptionalChannel, Deliver>;
  /** How long a claimed job stays with this worker before another may take it over. */
  leaseSeconds?: number;
  batchSize?: number;
  /** Jobs of a batch sent at the same time (push services and SMTP answer slower than the queue). */
  concurrency?: number;
  /** Profiles per fan-out batch of an announcement to everyone (server/notify/fan-out.ts). */
  fanOutBatchSize?: number;
  pollMs?: number;
  maxAttempts?: number;
  /** Seconds before the n-th retry: base · 2^(n-1). */
  backoffSeconds?: number;
  /** The operators' webhooks (server/webhooks/webhook-outbox.ts): a round of them runs in each round of this worker. */
  webhooks?: { runOnce(opts: { halting: () => boolean }): Promise<number> };
  onError?: (e: unknown) => void;
  /** Each finished attempt, for /metrics: sent, skipped, retry (failed, will try again), failed (gave up). */
  onOutcome?: (channel: OptionalChannel, outcome: "sent" | "skipped" | "retry" | "failed") => void;
}

const JOB_COLUMNS = sql`id, notification_id as "notificationId", user_id as "userId", channel, kind, title, message, title_en as "titleEn", message_en as "messageEn", link, attempts`;

/**
 * Sends the queued push and e-mail jobs. Several workers (instances) share the queue: a batch is
 * claimed with FOR UPDATE SKIP LOCKED and a lease. Right before a job is sent its row is marked
 * "sending" (committed), after it "sent". A worker that dies leaves "claimed" jobs (never sent: taken
 * over when the lease ends) and at most `concurrency` "sending" jobs per worker, which are not sent
 * again but counted as failed, because nobody can know whether they went out: nobody gets a message twice.
 */
export function createDeliveryWorker(opts: DeliveryWorkerOptions) {
  const lease = opts.leaseSeconds ?? 300;
  const batchSize = opts.batchSize ?? 64;
  const concurrency = opts.concurrency ?? 8;
  const maxAttempts = opts.maxAttempts ?? 5;
  const backoff = opts.backoffSeconds ?? 30;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  let halting = false;

  async function recoverAbandoned() {
    await opts.db.execute(sql`
      update delivery_jobs
      set status = case when status = 'claimed' then 'pending'::delivery_status else 'failed'::delivery_status end,
          last_error = case when status = 'sending' then 'interrupted while sending' else last_error end,
          lease_until = null
      where status in ('claimed', 'sending') and lease_until < now()`);
  }

  async function claimBatch(): Promise<DeliveryJob[]> {
    return queryRows<DeliveryJob>(
      opts.db,
      sql`update delivery_jobs set status = 'claimed', lease_until = now() + make_interval(secs => ${lease}), attempts = attempts + 1
          where id in (select id from delivery_jobs where status = 'pending' and run_at <= now() order by run_at limit ${batchSize} for update skip locked)
          returning ${JOB_COLUMNS}`,
    );
  }

  /** Hands claimed but unsent jobs back to the queue at once (a graceful stop). */
  async function release(ids: string[]) {
    await opts.db.execute(
      sql`update delivery_jobs set status = 'pending', lease_until = null, attempts = attempts - 1 where id = any(${sql.param(ids)}::uuid[]) and status = 'claimed'`,
    );
  }

  // The lanes' state changes are written together (group commit, decision 057): a job is still marked
  // "sending" right before it goes out and "sent" after, each lane waiting for the statement that
  // carries its own job, so at most `concurrency` jobs per worker are ever "sending".
  const markSending = groupCalls(async (ids: string[]) => {
    const rows = await queryRows<{ id: string }>(
      opts.db,
      sql`update delivery_jobs set status = 'sending' where id = any(${sql.param(ids)}::uuid[]) and status = 'claimed' returning id`,
    );
    return new Set(rows.map((r) => r.id));
  });
  const markDone = groupCalls(async (done: Array<{ id: string; sent: boolean }>) => {
    const sent = done.filter((d) => d.sent).map((d) => d.id);
    await opts.db.execute(
      sql`update delivery_jobs set status = 'sent', sent_at = case when id = any(${sql.param(sent)}::uuid[]) then now() else null end, lease_until = null, last_error = null
          where id = any(${sql.param(done.map((d) => d.id))}::uuid[])`,
    );
  });

  /**
   * Sends one job; `finishing` gets the write that records it as sent, which the lane does not wait
   * for: until it commits the job reads "sending" (it went out: after a crash it counts as failed and is
   * never sent again), and the jobs that may not have gone out yet stay at most `concurrency`.
   */
  async function sendOne(job: DeliveryJob, finishing: Promise<void>[]) {
    const deliver = opts.deliver[job.channel];
    deliver.lookAhead?.(job);
    if (!(await markSending(job.id)).has(job.id)) return; // the lease ended and another worker took it
    let outcome: "sent" | "skipped";
    try {
      outcome = await deliver(job);
    } catch (e) {
      await failed(job, e);
      return;
    }
    finishing.push(
      markDone({ id: job.id, sent: outcome === "sent" }).then(() => opts.onOutcome?.(job.channel, outcome)),
    );
  }

  /** A send that failed goes back to the queue with back-off, or fails for good after maxAttempts. */
  async function failed(job: DeliveryJob, e: unknown) {
    const error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
    const final = job.attempts >= maxAttempts;
    await opts.db.execute(sql`
      update delivery_jobs set
        status = ${final ? "failed" : "pending"}::delivery_status, lease_until = null, last_error = ${error},
        run_at = now() + make_interval(secs => ${backoff * 2 ** (job.attempts - 1)})
      where id = ${job.id}`);
    opts.onOutcome?.(job.channel, final ? "failed" : "retry");
  }

  /**
   * One round: recover what dead workers left, queue one fan-out batch of an announcement, claim a
   * batch of jobs, send it, then a batch of webhooks. Returns how many jobs and webhooks were claimed,
   * plus one for a fan-out batch done.
   */
  async function runOnce(): Promise<number> {
    await recoverAbandoned();
    const fannedOut = halting ? null : await fanOutOnce(opts.db, { batchSize: opts.fanOutBatchSize });
    const jobs = await claimBatch();
    const finishing: Promise<void>[] = [];
    let next = 0;
    const lane = async () => {
      while (next < jobs.length) {
        if (halting) return; // stop() was called meanwhile: the rest goes back to the queue
        await sendOne(jobs[next++], finishing);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, lane));
    await Promise.all(finishing);
    if (next < jobs.length) await release(jobs.slice(next).map((j) => j.id));
    const hooks = halting || !opts.webhooks ? 0 : await opts.webhooks.runOnce({ halting: () => halting });
    return jobs.length + hooks + (fannedOut ? 1 : 0);
  }

  let woken = false;
  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      woken = false;
      running = runOnce()
        .catch((e) => {
          opts.onError?.(e);
          return 0;
        })
        .finally(() => (running = undefined));
      void running.then((claimed) => schedule(claimed > 0 || woken ? 0 : (opts.pollMs ?? 1000)));
    }, delay);
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      halting = false;
      schedule(0);
    },
    /** Work has arrived (a new announcement): the next round starts now instead of at the next poll. */
    wake() {
      if (stopped) return;
      if (!timer) {
        woken = true; // a round is running: the next one follows at once
        return;
      }
      clearTimeout(timer);
      timer = undefined;
      schedule(0);
    },
    /** Finishes the job in hand, hands the rest of its batch back, then stops. */
    async stop() {
      stopped = true;
      halting = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
