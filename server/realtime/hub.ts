import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { notifications, sessions } from "../db/schema.ts";

type Push = (unread: number) => void;

/**
 * Fans notification changes out to the browsers of their user. The database announces each change
 * (a trigger on notifications, pg_notify on commit), so this works across app instances.
 */
export async function createRealtimeHub(database: Database) {
  const subscribers = new Map<string, Set<Push>>();
  const unsubscribe = await database.listen("notifications", (userId) => {
    const set = subscribers.get(userId);
    if (!set?.size) return;
    countUnread(database, userId)
      .then((n) => set.forEach((push) => push(n)))
      .catch(() => {});
  });
  return {
    subscribe(userId: string, push: Push): () => void {
      let set = subscribers.get(userId);
      if (!set) subscribers.set(userId, (set = new Set()));
      set.add(push);
      return () => {
        set.delete(push);
        if (!set.size) subscribers.delete(userId);
      };
    },
    connections: () => [...subscribers.values()].reduce((n, s) => n + s.size, 0),
    close: unsubscribe,
  };
}
export type RealtimeHub = Awaited<ReturnType<typeof createRealtimeHub>>;

export async function countUnread(database: Pick<Database, "db">, userId: string): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
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
