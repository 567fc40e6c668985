import type { Database, DbOrTx } from "../db/client.ts";
import { onOneInstance } from "../db/instance-lock.ts";
import type { Storage, StoredKey } from "../storage/storage.ts";
import { isUploadKey, unreferencedUrls, urlOfKey } from "./upload-references.ts";

const SWEEP_LOCK = 0x0b00_5eef; // any fixed number: one sweep at a time across instances
export const SWEEP_EVERY_MS = 60 * 60_000;
/**
 * A file younger than this is left alone: an upload is stored before the row that points to it is
 * written (an admin's 100 MB video, a finder's three photos), so a young file without a row may be
 * one in flight. An hour is far longer than any request; the clocks of a bucket and an instance may
 * also differ by minutes.
 */
export const SWEEP_GRACE_MS = 60 * 60_000;
const BATCH = 500;

export interface SweepResult {
  /** upload files old enough to judge */
  checked: number;
  removed: number;
}

/**
 * Removes the upload files no row points to (upload-references.ts: a refused or abandoned upload, a
 * replaced picture, a file whose removal failed after its row was deleted), in the local folder or the
 * bucket alike, every size. Files younger than `graceMs` and files outside the upload folders stay.
 * Idempotent; judged in batches against the database as it is then.
 */
export async function sweepOrphanUploads(db: DbOrTx, storage: Storage, graceMs = SWEEP_GRACE_MS): Promise<SweepResult> {
  const cutoff = Date.now() - graceMs;
  const result: SweepResult = { checked: 0, removed: 0 };
  let batch: StoredKey[] = [];
  const judge = async () => {
    const orphans = new Set(
      await unreferencedUrls(
        db,
        batch.map((o) => urlOfKey(o.key)),
      ),
    );
    for (const { key } of batch) {
      if (!orphans.has(urlOfKey(key))) continue;
      await storage.delete(key);
      result.removed++;
    }
    result.checked += batch.length;
    batch = [];
  };
  for await (const object of storage.list()) {
    if (!isUploadKey(object.key) || object.modifiedAt.getTime() > cutoff) continue;
    batch.push(object);
    if (batch.length >= BATCH) await judge();
  }
  if (batch.length > 0) await judge();
  return result;
}

/**
 * Every instance's background loop (server/instance-lifecycle.ts): a sweep shortly after start and
 * then every hour, one instance at a time (advisory lock). Returns the function that stops it and
 * waits for a sweep under way.
 */
export function scheduleOrphanSweep(
  services: { database: Pick<Database, "pool">; db: DbOrTx; storage: Storage },
  onDone: (result: SweepResult) => void,
  onError: (e: unknown) => void,
  everyMs = SWEEP_EVERY_MS,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= onOneInstance(services.database, SWEEP_LOCK, async () =>
      onDone(await sweepOrphanUploads(services.db, services.storage)),
    )
      .then(() => {})
      .catch(onError)
      .finally(() => (running = undefined));
  };
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
