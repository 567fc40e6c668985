import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "./db/client.ts";

/** The token the CLI sends to the running server to ask for a backup (derived from the session secret). */
export function controlToken(sessionSecret: string) {
  return createHmac("sha256", sessionSecret).update("boonees-control-v1").digest("hex");
}

export function isValidControlToken(sessionSecret: string, given: string | undefined) {
  if (!given) return false;
  const expected = Buffer.from(controlToken(sessionSecret));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A consistent copy of the embedded database (a gzipped tar of its directory), taken by the process that holds it. */
export async function dumpEmbedded(database: Database): Promise<Blob> {
  if (!database.pglite) throw new Error("Backups through the app are for the embedded database; on PostgreSQL use pg_dump.");
  await database.pglite.query("CHECKPOINT");
  return database.pglite.dumpDataDir("gzip");
}
