import type { Database } from "../db/client.ts";

/** At most one "something changed" per second to the open drop streams (a rush of claims is one event). */
const COALESCE_MS = 1_000;

/**
 * Tells signed-out visitors' landing and drop pages that a drop changed (released, a hint out, a
 * figure found), so they reload their data without a page reload. Listens to the database's
 * announcements (migrations 0007 and 0013), so a change on any instance reaches every instance's streams.
 */
export function createDropEvents(database: Database) {
  const subscribers = new Set<() => void>();
  let listening: Promise<Array<() => Promise<void>>> | null = null;
  let pending: NodeJS.Timeout | undefined;
  const fire = () => {
    if (pending) return;
    pending = setTimeout(() => {
      pending = undefined;
      subscribers.forEach((push) => push());
    }, COALESCE_MS);
  };
  return {
    async subscribe(push: () => void): Promise<() => void> {
      listening ??= Promise.all([database.listen("drops_changed", fire), database.listen("public_changed", fire)]);
      await listening;
      subscribers.add(push);
      return () => void subscribers.delete(push);
    },
    async close() {
      clearTimeout(pending);
      if (listening) for (const stop of await listening) await stop().catch(() => {});
    },
  };
}
