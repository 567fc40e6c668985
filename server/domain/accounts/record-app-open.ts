import { sql } from "drizzle-orm";

import { isoDay } from "#shared/dates.ts";

import type { Db } from "../../db/client.ts";
import { groupCalls } from "../../db/group-calls.ts";

/**
 * The day each account was last recorded on, so a signed-in request writes at most once a day per
 * instance, not per request. One memo per process: the React Router bundle has its own copy of this
 * module, so the map lives on globalThis, shared with the server's (the claim fast path records too).
 * A memo only: another instance costs one more idempotent write a day, never a wrong number.
 */
const MEMO = Symbol.for("boonees.recordedAppOpenOn");
const recordedOn: Map<string, string> =
  ((globalThis as Record<symbol, unknown>)[MEMO] as Map<string, string> | undefined) ??
  ((globalThis as Record<symbol, unknown>)[MEMO] = new Map<string, string>());
const MEMO_LIMIT = 100_000;

type Visit = { userId: string; zone: string };
/** Per database: the visits recorded while one insert runs go into the next together (decision 057). */
const writers = new WeakMap<Db, (visit: Visit) => Promise<unknown>>();
function writerFor(db: Db) {
  let write = writers.get(db);
  if (!write) {
    write = groupCalls((visits: Visit[]) =>
      db.execute(
        sql`insert into active_weeks (user_id, week)
            select v.user_id, date_trunc('week', now() at time zone v.zone)::date
            from unnest(${sql.param(visits.map((v) => v.userId))}::text[], ${sql.param(visits.map((v) => v.zone))}::text[]) as v(user_id, zone)
            on conflict do nothing`,
      ),
    );
    writers.set(db, write);
  }
  return write;
}

/**
 * Marks this week (Monday, TIME_ZONE calendar) as one in which the collector opened the app, for the
 * dashboard's active collectors. Never waits the request and never fails it. A crowd of first visits
 * (a drop's first minute) costs an insert per round trip, not one per collector.
 */
export function recordAppOpen(db: Db, userId: string, zone: string): void {
  const today = isoDay(new Date(), zone);
  if (recordedOn.get(userId) === today) return;
  if (recordedOn.size >= MEMO_LIMIT) recordedOn.clear();
  recordedOn.set(userId, today);
  writerFor(db)({ userId, zone }).catch(() => recordedOn.delete(userId));
}
