import { and, eq, gt, sql } from "drizzle-orm";

import { queryRows, type Database } from "../db/client.ts";
import { sessions } from "../db/schema.ts";
import { unreadAnnouncementsSql } from "../domain/drops/announcement-inbox.ts";

type Push = (unread: number) => void;

/** A bell whose count this instance does not know yet recounts within this spread after an announcement. */
const RECOUNT_JITTER_MS = 2_000;

/**
 * Fans notification changes out to the browsers of their user. The database announces each change
 * (a trigger on notifications, pg_notify on commit), so this works across app instances.
 * An announcement to everyone (migration 0019) is one message: every bell whose count is known here
 * rises by one without a query (a release does not cost one count per open stream at the same
 * instant); the few not known yet recount, spread over RECOUNT_JITTER_MS.
 */
export async function createRealtimeHub(database: Database) {
  const subscribers = new Map<string, { pushes: Set<Push>; count?: number }>();
  const recount = (userId: string) => {
    const entry = subscribers.get(userId);
    if (!entry?.pushes.size) return;
    countUnread(database, userId)
      .then((n) => {
        if (subscribers.get(userId) !== entry) return;
        entry.count = n;
        entry.pushes.forEach((push) => push(n));
      })
      .catch(() => {});
  };
  const jittered = new Set<NodeJS.Timeout>();
  const unsubscribeNotes = await database.listen("notifications", recount);
  const unsubscribeAnnouncements = await database.listen("announcements", () => {
    for (const [userId, entry] of subscribers) {
      if (entry.count === undefined) {
        const t = setTimeout(() => {
          jittered.delete(t);
          recount(userId);
        }, Math.random() * RECOUNT_JITTER_MS);
        jittered.add(t);
        continue;
      }
      const n = (entry.count += 1);
      entry.pushes.forEach((push) => push(n));
    }
  });
  return {
    subscribe(userId: string, push: Push): () => void {
      let entry = subscribers.get(userId);
      if (!entry) subscribers.set(userId, (entry = { pushes: new Set() }));
      const mine = entry;
      mine.pushes.add(push);
      return () => {
        mine.pushes.delete(push);
        if (!mine.pushes.size && subscribers.get(userId) === mine) subscribers.delete(userId);
      };
    },
    /**
     * The user's unread count for a stream that just subscribed; remembered, so that announcements
     * can raise it without a query. Counted after subscribing: an announcement in between recounts.
     */
    async count(userId: string): Promise<number> {
      const n = await countUnread(database, userId);
      const entry = subscribers.get(userId);
      if (entry && entry.count === undefined) entry.count = n;
      return n;
    },
    connections: () => [...subscribers.values()].reduce((n, s) => n + s.pushes.size, 0),
    close: async () => {
      jittered.forEach(clearTimeout);
      await unsubscribeNotes();
      await unsubscribeAnnouncements();
    },
  };
}
export type RealtimeHub = Awaited<ReturnType<typeof createRealtimeHub>>;

/** Exact: the user's unread notifications plus the announcements to everyone they have not read. */
export async function countUnread(database: Pick<Database, "db">, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select ((select count(*) from notifications where user_id = ${userId} and read = false) + ${unreadAnnouncementsSql(userId)})::int as n`,
  );
  return Number(row?.n ?? 0);
}

/** Whether a session still exists and has not expired (an SSE stream ends when it does not). */
export async function sessionActive(database: Pick<Database, "db">, sessionId: string): Promise<boolean> {
  const rows = await database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return rows.length > 0;
}
