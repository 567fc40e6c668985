import type { Database } from "../db/client.ts";
import { msUntilNextDue, releaseDue } from "../domain/drops/release-drop.ts";

/** A safety re-plan even when nothing is announced (a notification lost during a reconnect). */
const LONGEST_WAIT_MS = 5 * 60_000;
const RETRY_AFTER_ERROR_MS = 5_000;

/**
 * Every instance runs this: one timer set to the next due drop or hint (database clock), re-planned
 * whenever a drop changes anywhere (drops_changed). Each release is a conditional update, so the
 * instances racing at the due time release it once; nobody needs to be on the site.
 */
export async function startDropReleaseTimer(database: Database, onError: (e: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void plan(), ms);
  };
  const run = async () => {
    try {
      await releaseDue(database.db);
      const next = await msUntilNextDue(database.db);
      // a few ms late rather than early: an early wake finds nothing due and plans again
      schedule(next === null ? LONGEST_WAIT_MS : Math.min(next + 20, LONGEST_WAIT_MS));
    } catch (e) {
      onError(e);
      schedule(RETRY_AFTER_ERROR_MS);
    }
  };
  async function plan(): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = null;
      if (again) {
        again = false;
        void plan();
      }
    });
    return running;
  }
  const unlisten = await database.listen("drops_changed", () => void plan());
  await plan();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await unlisten().catch(() => {});
    await running;
  };
}
