import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

import { moveUploads, type MoveUploadsResult } from "./storage/move-uploads.ts";
import { createLocalStorage, type Storage } from "./storage/storage.ts";
import { isUploadKey } from "./uploads/upload-references.ts";

/**
 * The one backup format (docs/decisions/048), written by `cli backup` and the scheduled backups alike:
 * a folder with
 *   database.tar.gz  the database as an embedded-database dump without sessions, tokens and generated
 *                    secrets (decision 043), for an embedded and a PostgreSQL instance alike;
 *   uploads/         every upload of the storage (DATA_DIR/uploads or the S3 bucket: the objects under the
 *                    folders the app writes uploads into, not the readiness probe), same keys;
 *   backup.json      what it holds (format, when, where the uploads came from, how many).
 * Folders are 0700, files 0600.
 */
export const BACKUP_FORMAT = 2;
const DATABASE = "database.tar.gz";
const UPLOADS = "uploads";
const MANIFEST = "backup.json";

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  takenAt: string;
  /** where the uploads were copied from: this instance's DATA_DIR/uploads, or the bucket */
  uploadsFrom: Storage["kind"];
  uploads: { objects: number; bytes: number };
}

/**
 * Writes a backup folder at `folder` (which must not exist yet) from a database dump and the upload
 * storage: first under a temporary name beside it, renamed when complete, so a folder with the final
 * name is always whole. The uploads are copied after the dump, so every file a dumped row points to
 * is there unless it was deleted in between (then its row is gone on the instance as well).
 */
export async function writeBackupFolder(folder: string, dump: Blob, uploads: Storage): Promise<BackupManifest> {
  if (existsSync(folder)) throw new Error(`${folder} exists already; a backup goes into a new folder.`);
  const parent = path.dirname(folder);
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  const partial = path.join(parent, `.${path.basename(folder)}.partial`);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { mode: 0o700 });
  try {
    writeFileSync(path.join(partial, DATABASE), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    mkdirSync(path.join(partial, UPLOADS), { mode: 0o700 });
    const copied = await moveUploads(uploads, createLocalStorage(path.join(partial, UPLOADS)), undefined, isUploadKey);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      takenAt: new Date().toISOString(),
      uploadsFrom: uploads.kind,
      uploads: { objects: copied.copied + copied.unchanged, bytes: copied.bytes },
    };
    writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    renameSync(partial, folder);
    return manifest;
  } catch (e) {
    rmSync(partial, { recursive: true, force: true });
    throw e;
  }
}

export interface BackupParts {
  dump: string;
  /** the folder of uploads; undefined: a backup of the format before 048 made by `cli backup` (a dump file, no uploads) */
  uploads: string | undefined;
  manifest: BackupManifest | undefined;
}

/**
 * The parts of a backup at `backup`: a backup folder (this format, or a scheduled backup from before
 * backup.json, which had the same database.tar.gz and uploads/), or a dump file of the old `cli backup`
 * (database only: its uploads were never in it).
 */
export function backupParts(backup: string): BackupParts {
  if (!statSync(backup).isDirectory()) return { dump: backup, uploads: undefined, manifest: undefined };
  const dump = path.join(backup, DATABASE);
  if (!existsSync(dump)) throw new Error(`${backup} holds no ${DATABASE}: not a Boonees backup.`);
  const uploads = path.join(backup, UPLOADS);
  const manifestFile = path.join(backup, MANIFEST);
  return {
    dump,
    uploads: existsSync(uploads) ? uploads : undefined,
    manifest: existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, "utf8")) as BackupManifest) : undefined,
  };
}

export const readDump = (file: string) => new Blob([readFileSync(file)]);

/**
 * Copies a backup's uploads into `to` (the storage the restored instance uses: DATA_DIR/uploads or the
 * bucket), each object verified by size and sha-256; objects already there unchanged are left alone.
 * A backup without uploads (an old `cli backup` file): undefined, nothing copied.
 */
export async function restoreUploads(parts: BackupParts, to: Storage): Promise<MoveUploadsResult | undefined> {
  if (!parts.uploads) return undefined;
  return moveUploads(createLocalStorage(parts.uploads), to);
}
