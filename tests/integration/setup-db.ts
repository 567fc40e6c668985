import { randomBytes } from "node:crypto";
import pg from "pg";

import { openDatabase, type Database, type OpenOptions } from "../../server/db/client.ts";

let template: Promise<Blob> | undefined;
/**
 * One migrated in-memory PGlite per test process, copied for each test file: migrating a new one takes
 * 4–7 s, loading a copy about 0.6 s (Vitest runs a worker's files in one process, `isolate: false`).
 * The copy is migrated again on open, which finds nothing to do.
 */
function migratedTemplate(): Promise<Blob> {
  template ??= openDatabase({ pgliteDir: "memory://" }).then(async (database) => {
    const dump = await database.pglite!.dumpDataDir("none");
    await database.close();
    return dump;
  });
  return template;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server at TEST_DATABASE_URL (dropped again by the returned close()).
 */
export async function openTestDatabase(
  opts: Pick<OpenOptions, "onQuery" | "poolSize"> = {},
): Promise<Database & { label: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ pgliteDir: "memory://", pgliteTemplate: await migratedTemplate(), ...opts });
    return { ...database, label: "pglite" };
  }
  const name = `boonees_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), ...opts });
  return {
    ...database,
    label: "postgres",
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
