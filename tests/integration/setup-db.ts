import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database, type OpenOptions } from "../../server/db/client.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server at TEST_DATABASE_URL (dropped again by the returned close()).
 */
export async function openTestDatabase(opts: Pick<OpenOptions, "onQuery"> = {}): Promise<Database & { label: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ pgliteDir: "memory://", ...opts });
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
