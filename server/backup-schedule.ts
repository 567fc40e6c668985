import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

import { writeBackupFolder } from "./backup-folder.ts";
import { onOneInstance } from "./db/instance-lock.ts";
import { snapshotDatabase } from "./db/snapshot.ts";
import type { Services } from "./services.ts";

const BACKUP_LOCK = 724_202;
const NAME = /^boonees-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

/** The backups in `dir`, newest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => NAME.test(n))
    .sort()
    .reverse()
    .map((n) => path.join(dir, n));
}

/** The name of a backup folder taken now (the same for `cli backup` and the schedule). */
export const backupName = (at = new Date()) => `boonees-${at.toISOString().replace(/[:.]/g, "-")}`;

/**
 * One backup folder in `dir` (the format of server/backup-folder.ts: the database dump, every upload and
 * backup.json); then only the newest `keep` backups stay.
 */
export async function takeBackup(
  services: Pick<Services, "database" | "storage">,
  dir: string,
  keep: number,
): Promise<string> {
  const folder = path.join(dir, backupName());
  const { dump } = await snapshotDatabase(services.database);
  await writeBackupFolder(folder, dump, services.storage);
  for (const old of listBackups(dir).slice(keep)) rmSync(old, { recursive: true, force: true });
  return folder;
}

/**
 * BACKUP_DIR set: a backup every BACKUP_EVERY_HOURS, the newest BACKUP_KEEP kept. With several instances
 * on PostgreSQL one takes it (advisory lock), and none takes one while BACKUP_DIR's newest is recent.
 * Returns the function that stops the schedule.
 */
export function startBackupSchedule(services: Services): () => Promise<void> {
  const { BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP } = services.config;
  if (!BACKUP_DIR) return async () => {};
  const dir = path.resolve(BACKUP_DIR);
  const everyMs = BACKUP_EVERY_HOURS * 3_600_000;
  let running: Promise<void> | undefined;
  const due = () => {
    const newest = listBackups(dir)[0];
    return !newest || Date.now() - statSync(newest).mtimeMs >= everyMs;
  };
  const tick = async () => {
    if (!due()) return;
    await onOneInstance(services.database, BACKUP_LOCK, async () => {
      if (!due()) return; // another instance took it meanwhile
      const taken = await takeBackup(services, dir, BACKUP_KEEP);
      services.log.info({ backup: taken }, "backup written");
    });
  };
  const run = () => {
    running ??= tick()
      .catch((e) => services.log.error({ err: e instanceof Error ? e.name : "error" }, "backup failed"))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(run, Math.min(everyMs, 10 * 60_000));
  timer.unref();
  run();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
