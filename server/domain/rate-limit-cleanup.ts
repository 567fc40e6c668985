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
    const deleted = await queryRows<{ key: string }>(tx, sql`delete from rate_limits where expires_at <= now() returning key`);
    return deleted.length;
  });
}

/** Runs the clean-up now and every few minutes; returns the function that stops it (shutdown). */
export function scheduleRateLimitCleanup(db: Db, onError: (e: unknown) => void, everyMs = CLEANUP_EVERY_MS): () => void {
  const run = () => void deleteExpiredRateLimits(db).catch(onError);
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
