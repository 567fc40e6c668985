import { PGlite } from "@electric-sql/pglite";

import type { Database } from "./client.ts";
import { openEmbeddedCopy } from "./embedded-copy.ts";
import { moveToPostgres } from "./move-to-postgres.ts";
import type { TableSummary } from "./table-checksums.ts";

/** A consistent copy of the embedded database (a gzipped tar of its directory), taken by the process that holds it: everything, for a move to PostgreSQL; a backup is `backupOfDump` of it. */
export async function dumpEmbedded(database: Database): Promise<Blob> {
  if (!database.pglite)
    throw new Error("Backups through the app are for the embedded database; on PostgreSQL use pg_dump.");
  await database.pglite.query("CHECKPOINT");
  return database.pglite.dumpDataDir("gzip");
}

/**
 * What a backup leaves out (decision 043): the sessions (raw tokens), pending sign-in, reset and
 * confirmation tokens, and the app's generated secrets (the session secret kept in PostgreSQL, the
 * VAPID key pair). Whoever reads a backup cannot sign in as anyone or push to anyone's devices; a
 * restore signs everyone out, and push devices subscribe again unless VAPID_* keys are set.
 */
export const BACKUP_LEAVES_OUT = ["sessions", "verifications", "app_secrets"] as const;

/**
 * The embedded database's dump without what a backup leaves out: its rows are copied into a new
 * database that never held the left-out ones (deleted rows would stay in the files and the WAL).
 */
export async function backupOfDump(dump: Blob): Promise<Blob> {
  const source = await openEmbeddedCopy(dump);
  const copy = await PGlite.create();
  try {
    await moveToPostgres({ source, target: copy, leaveOut: BACKUP_LEAVES_OUT });
    await copy.query("CHECKPOINT");
    return await copy.dumpDataDir("gzip");
  } finally {
    await copy.close();
    await source.close();
  }
}

/**
 * A consistent copy of the database as an embedded-database dump (a gzipped tar of a PGlite directory):
 * one format for both, restored by `cli restore` (embedded) or `cli move-to-postgres <url> <backup>`.
 * PostgreSQL is read in one repeatable-read transaction and copied, verified per table, into PGlite.
 */
export async function snapshotDatabase(database: Database): Promise<{ dump: Blob; tables?: TableSummary[] }> {
  if (database.pglite) return { dump: await backupOfDump(await dumpEmbedded(database)) };
  if (!database.pool) throw new Error("no PostgreSQL pool to read from");
  const source = await database.pool.connect();
  const copy = await PGlite.create();
  try {
    await source.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const { tables } = await moveToPostgres({ source, target: copy, leaveOut: BACKUP_LEAVES_OUT });
    await source.query("COMMIT");
    await copy.query("CHECKPOINT");
    return { dump: await copy.dumpDataDir("gzip"), tables };
  } finally {
    await source.query("ROLLBACK").catch(() => {});
    source.release();
    await copy.close();
  }
}
