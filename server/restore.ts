import { PGlite } from "@electric-sql/pglite";
import { existsSync, readFileSync, renameSync, statSync } from "node:fs";
import path from "node:path";
import { acquireDirLock } from "./db/lock.ts";
import { tightenTree } from "./private-files.ts";
import { moveUploads } from "./storage/move-uploads.ts";
import { createLocalStorage } from "./storage/storage.ts";

/** A backup is a dump file (cli backup) or a folder of the scheduled backup (database.tar.gz and uploads/). */
export function backupParts(backup: string) {
  if (!statSync(backup).isDirectory()) return { dump: backup, uploads: undefined };
  const uploads = path.join(backup, "uploads");
  return { dump: path.join(backup, "database.tar.gz"), uploads: existsSync(uploads) ? uploads : undefined };
}

export const readDump = (file: string) => new Blob([readFileSync(file)]);

/**
 * Replaces the embedded database in `dataDir` with a backup (the server must be stopped: the lock refuses
 * otherwise); the previous directory is kept beside it. A backup folder's uploads are copied into
 * DATA_DIR/uploads (objects already there with the same size and hash are left alone).
 */
export async function restoreEmbedded(backup: string, dataDir: string) {
  const { dump, uploads } = backupParts(backup);
  const dir = path.join(dataDir, "db");
  const release = acquireDirLock(`${dir}.lock`);
  try {
    const restoredDir = `${dir}.restoring`;
    const db = await PGlite.create(restoredDir, { loadDataDir: readDump(dump) });
    await db.query("select 1");
    await db.close();
    tightenTree(restoredDir);
    if (existsSync(dir)) renameSync(dir, `${dir}.before-restore-${Date.now()}`);
    renameSync(restoredDir, dir);
  } finally {
    release();
  }
  if (uploads) await moveUploads(createLocalStorage(uploads), createLocalStorage(path.join(dataDir, "uploads")));
  return dir;
}
