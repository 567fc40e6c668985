import { sql } from "drizzle-orm";

import { isoDay } from "#shared/dates.ts";

import type { Db } from "../../db/client.ts";

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

/**
 * Marks this week (Monday, TIME_ZONE calendar) as one in which the collector opened the app, for the
 * dashboard's active collectors. Never waits the request and never fails it.
 */
export function recordAppOpen(db: Db, userId: string, zone: string): void {
  const today = isoDay(new Date(), zone);
  if (recordedOn.get(userId) === today) return;
  if (recordedOn.size >= MEMO_LIMIT) recordedOn.clear();
  recordedOn.set(userId, today);
  db.execute(
    sql`insert into active_weeks (user_id, week) values (${userId}, date_trunc('week', now() at time zone ${zone})::date) on conflict do nothing`,
  ).catch(() => recordedOn.delete(userId));
}
