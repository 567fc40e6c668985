import { createHash } from "node:crypto";
import { sql, type Placeholder, type SQL } from "drizzle-orm";

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
  /** false: the attempt was judged but not counted (nothing to give back) */
  counted: boolean;
}

/**
 * Counts one attempt first, atomically, then decides: one upsert returns the new count, so
 * simultaneous attempts each see a different number and at most `limit` of them are allowed.
 * The window (fixed, from the first attempt) and the wait are computed with the database's clock.
 */
export async function hit(db: DbOrTx, key: string, rule: ThrottleRule = ATTEMPT_RULE): Promise<Hit> {
  return (await hitMany(db, [key], rule))[0];
}

/** The longest key stored as written; a longer one is stored by its hash (see throttleKey). */
export const THROTTLE_KEY_MAX = 160;

/**
 * The stored form of a key: as written up to THROTTLE_KEY_MAX characters, else its first 64 and the
 * SHA-256 of the whole. No key holds user text of unbounded length (an e-mail of 60,000 characters,
 * decision 043), and one that would overflow the primary key's index never reaches it.
 */
export function throttleKey(key: string): string {
  if (key.length <= THROTTLE_KEY_MAX) return key;
  return `${key.slice(0, 64)}#${createHash("sha256").update(key).digest("hex")}`;
}

/** Counts one attempt on each (distinct) key, in one statement; the hits come back in the order of the keys. */
export async function hitMany(db: DbOrTx, given: string[], rule: ThrottleRule = ATTEMPT_RULE): Promise<Hit[]> {
  const keys = given.map(throttleKey);
  return hitsOf(await queryRows<HitRow>(db, hitSql(keys, rule)), keys, rule, true);
}

/** What hitSql returns per key: the stored count, its window and the seconds left in it. */
export interface HitRow {
  key: string;
  count: number;
  window_start: string;
  wait: number;
  /** this key tried the same value already in the window: not counted again (see triedSql) */
  repeated?: boolean;
}

/** The keys as one text[] parameter, each once; or a placeholder for it (a prepared statement binds distinct keys). */
const keyArray = (keys: string[] | Placeholder) =>
  Array.isArray(keys) ? sql`${sql.param([...new Set(keys)])}::text[]` : sql`${keys}::text[]`;

/**
 * hitMany's upsert, to run as part of a larger statement (e.g. a CTE beside the lookup it guards).
 * `counted`: a condition of that statement; while false the attempt is not counted (a right code),
 * yet each key's row is locked as by a counted one, so simultaneous attempts still queue on it.
 * `when`: a condition of that statement; while false no row is touched at all (nothing returned).
 * `amount`: how many attempts this one counts as (the read API leases several requests at once, decision 050).
 */
export function hitSql(
  keys: string[] | Placeholder,
  rule: ThrottleRule,
  counted: SQL = sql`true`,
  when: SQL = sql`true`,
  amount = 1,
): SQL {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  return sql`insert into rate_limits (key, count, window_start, expires_at)
      select k, case when ${counted} then ${sql.raw(String(Math.trunc(amount)))} else 0 end, now(), now() + ${window} from unnest(${keyArray(keys)}) as k where ${when}
      on conflict (key) do update set
        count = case when rate_limits.expires_at <= now() then 0 else rate_limits.count end + excluded.count,
        window_start = case when rate_limits.expires_at <= now() then now() else rate_limits.window_start end,
        expires_at = case when rate_limits.expires_at <= now() then now() + ${window} else rate_limits.expires_at end
      returning key, count, window_start::text as window_start, ceil(extract(epoch from expires_at - now()))::int as wait,
        (extract(epoch from expires_at - now()) * 1000)::float8 as wait_ms`;
}

/**
 * Marks that each key tried one value (e.g. a wrong code, by its hash) within a window of the rule's
 * length, as rows `<key><suffix>` of rate_limits; `fresh` when this key had not tried it in that window.
 * With it, hitSql counts a value once per window: a reloaded wrong link is one attempt, not two, and a
 * burst of the same guess tells an attacker nothing a single one did not (decision 037).
 * `when`: a condition of the statement (a wrong code); while false nothing is marked.
 */
export function triedSql(
  keys: string[] | Placeholder,
  suffix: string | Placeholder,
  rule: ThrottleRule,
  when: SQL,
): SQL {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  return sql`insert into rate_limits (key, count, window_start, expires_at)
      select k || ${suffix}, 1, now(), now() + ${window} from unnest(${keyArray(keys)}) as k where ${when}
      on conflict (key) do update set
        count = case when rate_limits.expires_at <= now() then 1 else rate_limits.count + 1 end,
        window_start = case when rate_limits.expires_at <= now() then now() else rate_limits.window_start end,
        expires_at = case when rate_limits.expires_at <= now() then now() + ${window} else rate_limits.expires_at end
      returning key, count = 1 as fresh`;
}

/**
 * The hits of hitSql's rows, in the order of the keys. An attempt that was not counted is judged as
 * if it had been (its count includes it), so a right code is let through exactly when a counted one would be;
 * a repeated value (HitRow.repeated) is judged by the count as it stands, since it used nothing up.
 */
export function hitsOf(rows: HitRow[], keys: string[], rule: ThrottleRule, counted: boolean): Hit[] {
  return keys.map((key) => {
    const row = rows.find((r) => r.key === key)!;
    const repeated = counted && !!row.repeated;
    const count = Number(row.count) + (counted ? 0 : 1);
    const allowed = count <= rule.limit;
    return {
      key,
      allowed,
      counted: counted && !repeated,
      count,
      remaining: Math.max(0, rule.limit - count),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Number(row.wait)),
      windowStart: row.window_start,
    };
  });
}

/**
 * Gives back attempts that did not count after all (a right code, a refused request). `triedSuffix`:
 * the value's marks of triedSql go too, so the same value tried again later counts as a first try.
 */
export async function giveBack(db: DbOrTx, given: Hit[], triedSuffix?: string, options: { sameWork?: boolean } = {}) {
  const hits = given.filter((h) => h.counted);
  // sameWork: a refusal sends the same statements whether anything counted (a wrong code) or not (a
  // right one), so that the time of a refused answer does not tell a right code from a wrong one
  if (hits.length === 0 && !options.sameWork) return;
  await db.execute(sql`update rate_limits r set count = greatest(r.count - 1, 0)
    from unnest(${sql.param(hits.map((h) => h.key))}::text[], ${sql.param(hits.map((h) => h.windowStart))}::timestamptz[]) as g(key, window_start)
    where r.key = g.key and r.window_start = g.window_start`);
  if (triedSuffix)
    await db.execute(
      sql`delete from rate_limits where key = any(${sql.param(hits.map((h) => h.key + triedSuffix))}::text[])`,
    );
}

/** Forgets a key (e.g. the pair key after a successful sign-in). */
export async function forget(db: DbOrTx, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${throttleKey(key)}`);
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
  const hits = await hitMany(db, keys, rule);
  const allowed = hits.every((h) => h.allowed);
  if (!allowed) await giveBack(db, hits);
  return { allowed, hits, minutes: allowed ? 0 : minutesToWait(hits.filter((h) => !h.allowed)) };
}
