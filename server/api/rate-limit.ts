import { sql } from "drizzle-orm";

import { queryRows, type DbOrTx } from "../db/client.ts";
import { hitSql, throttleKey } from "../domain/throttle.ts";

/** What one counted request found: whether it may go on and what the RateLimit-* headers say. */
export interface RateLimitHit {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the budget is full again. */
  resetSeconds: number;
}

export const RATE_WINDOW_SECONDS = 60;

/**
 * Takes `amount` requests of a key's budget from the store every instance shares: the new count of the
 * window (this lease included) and the milliseconds left in it. Fixed windows from the first request, on
 * the database's clock (decision 007).
 */
export type Lease = (key: string, amount: number) => Promise<{ count: number; waitMs: number }>;

/** The lease in rate_limits, through the throttle's own upsert (server/domain/throttle.ts). */
export const databaseLease =
  (db: DbOrTx): Lease =>
  async (key, amount) => {
    const rule = { limit: 0, windowSeconds: RATE_WINDOW_SECONDS };
    const [row] = await queryRows<{ count: number; wait_ms: number }>(
      db,
      sql`with hit as (${hitSql([throttleKey(key)], rule, sql`true`, sql`true`, amount)})
          select count, wait_ms from hit`,
    );
    return { count: Number(row.count), waitMs: Number(row.wait_ms) };
  };

interface Local {
  /** The window's end on this instance's clock (the database said how far away it was). */
  until: number;
  /** Requests leased to this instance and not used yet. */
  left: number;
  /** What the shared budget still held after the last lease (others may have taken some since). */
  unleased: number;
  /** The size of the last lease: doubles with every lease in a window, up to maxLease. */
  step: number;
  pending?: Promise<void>;
}

/**
 * A budget of `limit` requests a window per key, shared by every instance (decision 050, follow-up): an
 * instance leases requests from rate_limits and spends them from memory. The first lease of a window is
 * one request, each next one twice the last, up to `maxLease`; so a key that sends a few requests costs a
 * write each (exact), a busy one a write per `maxLease` requests (the API keeps the page cache's pace).
 * The sum allowed across instances never passes the limit: a lease is taken atomically and holds at most
 * what is left. What an instance leased and did not use is lost at the window's end (at most `maxLease`
 * per instance and key). Concurrent requests of one key wait for the same lease. Without the database
 * (a lease fails) an instance allows `maxLease` requests a second per key on its own, and says so (`onError`).
 */
export function createSharedRateLimiter(
  limit: number,
  lease: Lease,
  opts: { maxLease?: number; now?: () => number; onError?: (err: unknown) => void } = {},
) {
  const maxLease = opts.maxLease ?? Math.max(1, Math.floor(limit / 20));
  const now = opts.now ?? Date.now;
  const keys = new Map<string, Local>();
  const hitOf = (st: Local, allowed: boolean, t: number): RateLimitHit => ({
    allowed,
    limit,
    remaining: allowed ? Math.min(limit, st.unleased + st.left) : 0,
    resetSeconds: Math.max(1, Math.ceil((st.until - t) / 1000)),
  });

  function sweep(t: number) {
    if (keys.size < 10_000) return;
    for (const [key, st] of keys) if (st.until <= t && !st.pending) keys.delete(key);
  }

  async function take(key: string): Promise<RateLimitHit> {
    for (;;) {
      const t = now();
      let st = keys.get(key);
      if (st && st.until <= t && !st.pending) {
        keys.delete(key);
        st = undefined;
      }
      if (st?.pending) {
        await st.pending;
        continue;
      }
      if (st && st.left > 0) {
        st.left--;
        return hitOf(st, true, t);
      }
      if (st && st.unleased === 0) return hitOf(st, false, t);
      const step = st ? Math.min(maxLease, st.step * 2) : 1;
      const entry: Local = st ?? { until: t, left: 0, unleased: limit, step: 0 };
      if (!st) {
        sweep(t);
        keys.set(key, entry);
      }
      entry.pending = lease(key, step).then(
        ({ count, waitMs }) => {
          entry.left = Math.max(0, Math.min(step, limit - (count - step)));
          entry.unleased = Math.max(0, limit - count);
          entry.step = step;
          entry.until = now() + waitMs;
          entry.pending = undefined;
        },
        (err: unknown) => {
          // the shared store cannot be reached: this instance alone allows maxLease a second per key
          opts.onError?.(err);
          entry.left = maxLease;
          entry.unleased = 0;
          entry.step = step;
          entry.until = now() + 1000;
          entry.pending = undefined;
        },
      );
      await entry.pending;
    }
  }
  return take;
}

/** The headers of draft-ietf-httpapi-ratelimit-headers (the separate-field form most clients read). */
export const rateLimitHeaders = (hit: RateLimitHit): Record<string, string> => ({
  "ratelimit-limit": String(hit.limit),
  "ratelimit-remaining": String(hit.remaining),
  "ratelimit-reset": String(hit.resetSeconds),
  "ratelimit-policy": `${hit.limit};w=${RATE_WINDOW_SECONDS}`,
});
