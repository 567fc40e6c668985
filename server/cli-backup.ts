import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";

import { fileSessionSecret } from "./auth/session-secret.ts";
import {
  backupParts,
  readDump,
  restoreUploads,
  writeBackupFolder,
  type BackupManifest,
  type BackupParts,
} from "./backup-folder.ts";
import { backupName } from "./backup-schedule.ts";
import { controlToken } from "./backup.ts";
import { withServices, type CliConfig } from "./cli-services.ts";
import { openEmbeddedCopy } from "./db/embedded-copy.ts";
import { moveToPostgres } from "./db/move-to-postgres.ts";
import { backupOfDump, dumpEmbedded, snapshotDatabase } from "./db/snapshot.ts";
import { restoreEmbedded } from "./restore.ts";
import { storageFromConfig } from "./storage/from-config.ts";
import type { MoveUploadsResult } from "./storage/move-uploads.ts";

/** The CLI's backup, restore and move-to-postgres (server/cli.ts), each printing through `say`. */
type Say = (line: string) => void;

/**
 * `cli backup [folder]`: a backup folder (server/backup-folder.ts, the format of the scheduled backups):
 * the database (embedded: through the running server if there is one; PostgreSQL: one snapshot) without
 * sessions and generated secrets, and every upload of the configured storage.
 */
export async function backupCommand(config: CliConfig, target: string | undefined, say: Say) {
  const folder = path.resolve(target ?? backupName());
  if (existsSync(folder)) throw new Error(`${folder} exists already; name a new folder for the backup.`);
  const dump = config.DATABASE_URL ? await postgresDump(config) : await embeddedDump(config);
  // without sessions and generated secrets (decision 043); PostgreSQL's snapshot leaves them out itself
  const blob = config.DATABASE_URL ? dump.blob : await backupOfDump(dump.blob);
  const manifest = await writeBackupFolder(folder, blob, storageFromConfig(config));
  say(`${dump.throughServer ? "Backup written through the running server" : "Backup written"}: ${folder}`);
  say(`  ${describeUploads(manifest)}`);
  return { folder, manifest, throughServer: dump.throughServer };
}

/** `cli restore <folder|file>` (embedded only): the database, and the uploads into the configured storage. */
export async function restoreCommand(config: CliConfig, backup: string, say: Say) {
  const { dir, uploads } = await restoreEmbedded(backup, config.dataDir, storageFromConfig(config));
  say(`Restored ${backup} into ${dir}.`);
  say(`  ${describeRestoredUploads(uploads)}`);
}

/** `cli move-to-postgres <url> [backup]`: the embedded database (or a backup, its uploads too) into an empty PostgreSQL database. */
export async function moveToPostgresCommand(config: CliConfig, url: string, backup: string | undefined, say: Say) {
  if (backup) {
    if (!existsSync(backup)) throw new Error(`No backup at ${backup}.`);
    const parts = backupParts(backup);
    // the uploads first: copying them again changes nothing, while a second move into the database is refused
    await restoreBackupUploads(config, parts, say);
    await copyToPostgres(config, url, readDump(parts.dump), "Read the backup.", say);
    return say(`Next: start the app with DATABASE_URL=${redactPassword(url)}.`);
  }
  if (config.DATABASE_URL)
    throw new Error(
      "DATABASE_URL is set: this instance is on PostgreSQL already; unset it to move the embedded database.",
    );
  const dump = await embeddedDump(config);
  const from = dump.throughServer
    ? "Read the embedded database through the running server."
    : "Read the embedded database.";
  await copyToPostgres(config, url, dump.blob, from, say);
  say(`Next: start the app with DATABASE_URL=${redactPassword(url)} (uploads: npm run cli -- move-uploads s3).`);
}

async function restoreBackupUploads(config: CliConfig, parts: BackupParts, say: Say) {
  const uploads = await restoreUploads(parts, storageFromConfig(config));
  say(`  ${describeRestoredUploads(uploads)}`);
}

const describeUploads = (m: BackupManifest) =>
  `${m.uploads.objects} uploads (${m.uploads.bytes} bytes) from ${m.uploadsFrom === "s3" ? "the S3 bucket" : "DATA_DIR/uploads"}.`;

const describeRestoredUploads = (uploads: MoveUploadsResult | undefined) =>
  uploads
    ? `Uploads: ${uploads.copied} copied (${uploads.bytes} bytes), ${uploads.unchanged} already there; each verified by size and sha-256.`
    : "This backup is a database dump of the old format: it holds no uploads (docs/decisions/048); copy DATA_DIR/uploads of the old instance yourself.";

/** A consistent dump of the embedded database: from the running server if there is one, else opened here. */
export async function embeddedDump(config: CliConfig) {
  const bytes = await backupThroughServer(config).catch(() => null);
  if (bytes) return { blob: new Blob([bytes]), throughServer: true };
  let blob: Blob | undefined;
  await withServices(config, async (s) => (blob = await dumpEmbedded(s.database)));
  return { blob: blob!, throughServer: false };
}

/** PostgreSQL read in one snapshot into the embedded format (server/db/snapshot.ts). */
async function postgresDump(config: CliConfig) {
  let blob: Blob | undefined;
  await withServices(config, async (s) => (blob = (await snapshotDatabase(s.database)).dump));
  return { blob: blob!, throughServer: false };
}

async function copyToPostgres(config: CliConfig, url: string, dump: Blob, readFrom: string, say: Say) {
  say(readFrom);
  const source = await openEmbeddedCopy(dump);
  const target = new pg.Client({ connectionString: url });
  await target.connect();
  try {
    const result = await moveToPostgres({
      source,
      target,
      sessionSecret: config.SESSION_SECRET ? undefined : fileSessionSecret(config.dataDir),
      onTable: (t) =>
        say(
          `  ${t.table.padEnd(32)} ${String(t.rows).padStart(8)} rows  checksum ${t.checksum.slice(0, 12) || "-"} ok`,
        ),
    });
    const rows = result.tables.reduce((n, t) => n + t.rows, 0);
    say(`Moved ${rows} rows in ${result.tables.length} tables; counts and checksums match.`);
    if (result.sessionSecretStored)
      say("The session secret is stored in PostgreSQL: sessions stay valid on every instance.");
    if (config.SESSION_SECRET) say("Keep SESSION_SECRET set to the same value on every instance: sessions stay valid.");
  } finally {
    await target.end();
    await source.close();
  }
}

const redactPassword = (url: string) => url.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1***@");

async function backupThroughServer(config: CliConfig) {
  const res = await fetch(`http://127.0.0.1:${config.PORT}/internal/backup`, {
    method: "POST",
    // backups are for the embedded database, whose server uses SESSION_SECRET or the DATA_DIR file
    headers: { "x-boonees-control": controlToken(config.SESSION_SECRET ?? fileSessionSecret(config.dataDir)) },
    signal: AbortSignal.timeout(60_000),
  });
  if (!res.ok) throw new Error(`server answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}
