import { sql } from "drizzle-orm";

import { queryRows, type Db } from "../db/client.ts";

const CLEANUP_LOCK = 0x0b00_0e12; // any fixed number: one clean-up at a time across instances
export const CLEANUP_EVERY_MS = 5 * 60_000;

/**
 * Deletes throttle rows whose window has ended (database clock). Idempotent, so several
 * instances may run it; the advisory lock only spares them doing the same work at once.
 * Returns how many rows it deleted (0 when another instance held the lock).
 */
export async function deleteExpiredRateLimits(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ got: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${CLEANUP_LOCK}) as got`);
    if (!lock.got) return 0;
    const deleted = await queryRows<{ key: string }>(
      tx,
      sql`delete from rate_limits where expires_at <= now() returning key`,
    );
    return deleted.length;
  });
}

/**
 * Deletes single-use values past their end (database clock) from `verifications`: passkey
 * challenges (5 minutes) that were never answered, reset links and confirmation links nobody
 * followed. Each is refused once expired anyway; this keeps the table from growing with every
 * `/passkeys/options` request. Idempotent like the throttle clean-up. Returns how many it deleted.
 */
export async function deleteExpiredVerifications(db: Db): Promise<number> {
  const deleted = await queryRows<{ id: string }>(
    db,
    sql`delete from verifications where expires_at <= now() returning id`,
  );
  return deleted.length;
}

/** Runs the clean-ups now and every few minutes; returns the function that stops them (shutdown). */
export function scheduleRateLimitCleanup(
  db: Db,
  onError: (e: unknown) => void,
  everyMs = CLEANUP_EVERY_MS,
): () => void {
  const run = () => {
    void deleteExpiredRateLimits(db).catch(onError);
    void deleteExpiredVerifications(db).catch(onError);
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
