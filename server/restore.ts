import { existsSync, renameSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

import { backupParts, readDump, restoreUploads } from "./backup-folder.ts";
import { acquireDirLock } from "./db/lock.ts";
import { tightenTree } from "./private-files.ts";
import type { MoveUploadsResult } from "./storage/move-uploads.ts";
import { createLocalStorage, type Storage } from "./storage/storage.ts";

/**
 * Replaces the embedded database in `dataDir` with a backup (the server must be stopped: the lock refuses
 * otherwise); the previous directory is kept beside it. The backup's uploads are copied into `uploadsTo`
 * (default DATA_DIR/uploads; the CLI passes the configured storage, the bucket with S3_BUCKET). A dump file
 * of the old `cli backup` restores the database only (`uploads` undefined: it never held any).
 */
export async function restoreEmbedded(
  backup: string,
  dataDir: string,
  uploadsTo: Storage = createLocalStorage(path.join(dataDir, "uploads")),
): Promise<{ dir: string; uploads: MoveUploadsResult | undefined }> {
  const parts = backupParts(backup);
  const dir = path.join(dataDir, "db");
  const release = acquireDirLock(`${dir}.lock`);
  try {
    const restoredDir = `${dir}.restoring`;
    const db = await PGlite.create(restoredDir, { loadDataDir: readDump(parts.dump) });
    await db.query("select 1");
    await db.close();
    tightenTree(restoredDir);
    if (existsSync(dir)) renameSync(dir, `${dir}.before-restore-${Date.now()}`);
    renameSync(restoredDir, dir);
  } finally {
    release();
  }
  return { dir, uploads: await restoreUploads(parts, uploadsTo) };
}
