import { PGlite } from "@electric-sql/pglite";
import type { Database } from "./client.ts";
import { moveToPostgres } from "./move-to-postgres.ts";
import type { TableSummary } from "./table-checksums.ts";

/** A consistent copy of the embedded database (a gzipped tar of its directory), taken by the process that holds it. */
export async function dumpEmbedded(database: Database): Promise<Blob> {
  if (!database.pglite) throw new Error("Backups through the app are for the embedded database; on PostgreSQL use pg_dump.");
  await database.pglite.query("CHECKPOINT");
  return database.pglite.dumpDataDir("gzip");
}

/**
 * A consistent copy of the database as an embedded-database dump (a gzipped tar of a PGlite directory):
 * one format for both, restored by `cli restore` (embedded) or `cli move-to-postgres <url> <backup>`.
 * PostgreSQL is read in one repeatable-read transaction and copied, verified per table, into PGlite.
 */
export async function snapshotDatabase(database: Database): Promise<{ dump: Blob; tables?: TableSummary[] }> {
  if (database.pglite) return { dump: await dumpEmbedded(database) };
  if (!database.pool) throw new Error("no PostgreSQL pool to read from");
  const source = await database.pool.connect();
  const copy = await PGlite.create();
  try {
    await source.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const { tables } = await moveToPostgres({ source, target: copy });
    await source.query("COMMIT");
    await copy.query("CHECKPOINT");
    return { dump: await copy.dumpDataDir("gzip"), tables };
  } finally {
    await source.query("ROLLBACK").catch(() => {});
    source.release();
    await copy.close();
  }
}
