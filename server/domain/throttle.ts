import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../db/client.ts";

export interface ThrottleRule {
  limit: number;
  windowSeconds: number;
}

/** Ten wrong attempts per ten minutes (product decisions: claims, sign-in, password checks). */
export const ATTEMPT_RULE: ThrottleRule = { limit: 10, windowSeconds: 10 * 60 };

/**
 * What one counted attempt found. `count` includes this attempt; `windowStart` identifies the
 * window it was counted in, so that giving it back never touches a later window.
 */
export interface Hit {
  key: string;
  allowed: boolean;
  count: number;
  remaining: number;
  retryAfterSeconds: number;
  windowStart: string;
}

/**
 * Counts one attempt first, atomically, then decides: one upsert returns the new count, so
 * simultaneous attempts each see a different number and at most `limit` of them are allowed.
 * The window (fixed, from the first attempt) and the wait are computed with the database's clock.
 */
export async function hit(db: DbOrTx, key: string, rule: ThrottleRule = ATTEMPT_RULE): Promise<Hit> {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const [row] = await queryRows<{ count: number; window_start: string; wait: number }>(
    db,
    sql`insert into rate_limits (key, count, window_start, expires_at) values (${key}, 1, now(), now() + ${window})
      on conflict (key) do update set
        count = case when rate_limits.expires_at <= now() then 1 else rate_limits.count + 1 end,
        window_start = case when rate_limits.expires_at <= now() then now() else rate_limits.window_start end,
        expires_at = case when rate_limits.expires_at <= now() then now() + ${window} else rate_limits.expires_at end
      returning count, window_start::text as window_start, ceil(extract(epoch from expires_at - now()))::int as wait`,
  );
  const count = Number(row.count);
  const allowed = count <= rule.limit;
  return {
    key,
    allowed,
    count,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Number(row.wait)),
    windowStart: row.window_start,
  };
}

/** Gives back attempts that did not count after all (a right code, a refused request). */
export async function giveBack(db: DbOrTx, hits: Hit[]) {
  for (const h of hits) {
    await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${h.key} and window_start = ${h.windowStart}::timestamptz`);
  }
}

/** Forgets a key (e.g. the pair key after a successful sign-in). */
export async function forget(db: DbOrTx, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** The longest wait of refused hits, in whole minutes for the "try again in N minutes" message. */
export function minutesToWait(hits: Hit[]) {
  return Math.max(1, Math.ceil(Math.max(0, ...hits.map((h) => h.retryAfterSeconds)) / 60));
}

/**
 * Counts one attempt on every key; allowed only when every key allows it. A refused attempt is
 * given back at once (only attempts that were actually checked use up the budget).
 */
export async function hitAll(db: DbOrTx, keys: string[], rule: ThrottleRule = ATTEMPT_RULE) {
  const hits: Hit[] = [];
  for (const key of keys) hits.push(await hit(db, key, rule));
  const allowed = hits.every((h) => h.allowed);
  if (!allowed) await giveBack(db, hits);
  return { allowed, hits, minutes: allowed ? 0 : minutesToWait(hits.filter((h) => !h.allowed)) };
}
