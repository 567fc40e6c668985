import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

/** Ten wrong attempts per ten minutes (product decisions: claims, sign-in). */
export const ATTEMPT_RULE: ThrottleRule = { limit: 10, windowMs: 10 * 60_000 };

/** How long until the key may try again, or 0 when it may try now. */
export async function throttleWait(db: DbOrTx, key: string, rule: ThrottleRule = ATTEMPT_RULE): Promise<number> {
  const [row] = await queryRows<{ count: number; window_start: string | Date }>(
    db,
    sql`select count, window_start from ${rateLimits} where key = ${key}`,
  );
  if (!row) return 0;
  const started = new Date(row.window_start).getTime();
  const end = started + rule.windowMs;
  if (end <= Date.now() || Number(row.count) < rule.limit) return 0;
  return end - Date.now();
}

/** Counts one failed attempt in a fixed window that starts at the first failure. */
export async function recordFailure(db: DbOrTx, key: string, rule: ThrottleRule = ATTEMPT_RULE) {
  const seconds = Math.round(rule.windowMs / 1000);
  await db.execute(sql`
    insert into ${rateLimits} (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when ${rateLimits.windowStart} < now() - make_interval(secs => ${seconds}) then 1 else ${rateLimits.count} + 1 end,
      window_start = case when ${rateLimits.windowStart} < now() - make_interval(secs => ${seconds}) then now() else ${rateLimits.windowStart} end`);
}

export async function clearFailures(db: DbOrTx, key: string) {
  await db.execute(sql`delete from ${rateLimits} where key = ${key}`);
}

/** Of several keys (address, account), the longest wait. */
export async function longestWait(db: DbOrTx, keys: string[], rule: ThrottleRule = ATTEMPT_RULE) {
  let wait = 0;
  for (const key of keys) wait = Math.max(wait, await throttleWait(db, key, rule));
  return wait;
}
