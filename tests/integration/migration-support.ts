import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { onTestFinished } from "vitest";

import type { Db } from "../../server/db/client.ts";

const migrations = fileURLToPath(new URL("../../server/db/migrations", import.meta.url));
const journal = JSON.parse(readFileSync(path.join(migrations, "meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};

/** The index of the migration whose tag ends with `suffix` (e.g. "_put_right"). */
export const migrationIndex = (suffix: string) => journal.entries.findIndex((e) => e.tag.endsWith(suffix));

/** The migrations folder as it was before the migration at `upTo` (the journal cut before it). */
function folderBefore(upTo: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "boonees-migrations-"));
  mkdirSync(path.join(dir, "meta"));
  const entries = journal.entries.slice(0, upTo);
  for (const e of entries) copyFileSync(path.join(migrations, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

/**
 * A database migrated up to (not including) the migration at `upTo`, plus a function that runs the
 * remaining migrations on it: PGlite, or a fresh database on TEST_DATABASE_URL's server.
 */
export async function previousDatabase(upTo: number): Promise<{ db: Db; upgrade: () => Promise<void> }> {
  const before = folderBefore(upTo);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = await PGlite.create();
    const db = drizzlePglite(client) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: before });
    onTestFinished(() => client.close());
    return { db, upgrade: () => migratePglite(db as never, { migrationsFolder: migrations }) };
  }
  const name = `boonees_mig_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // pool.end() resolves before its clients' sockets have closed; a forced drop then cut one off in
  // the middle of its goodbye (57P01 "terminating connection", an unhandled error that failed a CI
  // run). So the clean-up waits for every client to be gone, and a late 57P01 is expected, not an error.
  const closed: Promise<void>[] = [];
  pool.on("connect", (client) => {
    client.on("error", (error: Error & { code?: string }) => {
      if (error.code !== "57P01") throw error;
    });
    closed.push(new Promise((resolve) => client.once("end", () => resolve())));
  });
  const db = drizzlePg(pool) as unknown as Db;
  await migratePg(db as never, { migrationsFolder: before });
  onTestFinished(async () => {
    await pool.end();
    await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return { db, upgrade: () => migratePg(db as never, { migrationsFolder: migrations }) };
}
