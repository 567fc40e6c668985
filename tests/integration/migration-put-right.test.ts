import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../server/db/client.ts";

const migrations = fileURLToPath(new URL("../../server/db/migrations", import.meta.url));
const journal = JSON.parse(readFileSync(path.join(migrations, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
const upTo = journal.entries.findIndex((e) => e.tag.endsWith("_put_right"));

/** The migrations folder as it was before put_right (the journal cut before it). */
function folderBefore() {
  const dir = mkdtempSync(path.join(tmpdir(), "boonees-migrations-"));
  mkdirSync(path.join(dir, "meta"));
  const entries = journal.entries.slice(0, upTo);
  for (const e of entries) copyFileSync(path.join(migrations, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

/** A database of the previous schema plus a function that runs the remaining migrations on it. */
async function previousDatabase(): Promise<{ db: Db; upgrade: () => Promise<void> }> {
  const before = folderBefore();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = await PGlite.create();
    const db = drizzlePglite(client) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: before });
    cleanups.push(() => client.close());
    return { db, upgrade: () => migratePglite(db as never, { migrationsFolder: migrations }) };
  }
  const name = `boonees_mig_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzlePg(pool) as unknown as Db;
  await migratePg(db as never, { migrationsFolder: before });
  cleanups.push(async () => {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return { db, upgrade: () => migratePg(db as never, { migrationsFolder: migrations }) };
}

describe(`migration put_right on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("upgrades a database with claims and broadcasts without losing anything", async () => {
    expect(upTo).toBeGreaterThan(0);
    const { db, upgrade } = await previousDatabase();
    await db.execute(sql`insert into profiles (id, name, email) values ('u1', 'Una', 'u1@example.test'), ('u2', 'Udo', 'u2@example.test')`);
    await db.execute(sql`insert into boonees (id, name, status, owner_id, claimed_at) values
      ('00000000-0000-4000-8000-000000000001', 'Alt eins', 'Found', 'u1', now()),
      ('00000000-0000-4000-8000-000000000002', 'Alt zwei', 'Found', 'u2', now())`);
    await db.execute(sql`insert into claims (boonee_id, user_id, verified) values
      ('00000000-0000-4000-8000-000000000001', 'u1', true), ('00000000-0000-4000-8000-000000000002', 'u2', false)`);
    // a broadcast as broadcastContent wrote it: content and notifications in one transaction (one now())
    await db.execute(sql`insert into exclusive_content (id, title, description, audience, created_at) values
      ('00000000-0000-4000-8000-0000000000c1', 'Alte News', 'Eine Nachricht von früher.', 'all', '2026-11-01 10:00:00+00')`);
    await db.execute(sql`insert into notifications (user_id, title, message, type, link, created_at) values
      ('u1', 'Alte News', 'Eine Nachricht von früher.', 'drop', '/exclusive', '2026-11-01 10:00:00+00'),
      ('u2', 'Alte News', 'Eine Nachricht von früher.', 'drop', '/exclusive', '2026-11-01 10:00:00+00'),
      ('u2', 'Alte News', 'Etwas anderes.', 'drop', '/exclusive', '2026-11-01 10:00:00+00')`);

    await upgrade();

    const claims = await queryRows<{ user_id: string; status: string; verified: boolean }>(db, sql`select user_id, status::text, verified from claims order by user_id`);
    expect(claims).toEqual([
      { user_id: "u1", status: "verified", verified: true },
      { user_id: "u2", status: "pending", verified: false },
    ]);
    const [content] = await queryRows<{ recipient_count: number }>(db, sql`select recipient_count from exclusive_content`);
    expect(content.recipient_count).toBe(2);
    const linked = await queryRows<{ message: string; content_id: string | null }>(db, sql`select message, content_id from notifications order by message`);
    expect(linked.map((n) => [n.message, n.content_id])).toEqual([
      ["Eine Nachricht von früher.", "00000000-0000-4000-8000-0000000000c1"],
      ["Eine Nachricht von früher.", "00000000-0000-4000-8000-0000000000c1"],
      ["Etwas anderes.", null],
    ]);
    // a rejected claim no longer holds its figure: a new claim row beside it is allowed, a second standing one is not
    await db.execute(sql`update claims set status = 'rejected' where user_id = 'u2'`);
    await db.execute(sql`insert into claims (boonee_id, user_id) values ('00000000-0000-4000-8000-000000000002', 'u1')`);
    await expect(db.execute(sql`insert into claims (boonee_id, user_id) values ('00000000-0000-4000-8000-000000000002', 'u2')`)).rejects.toThrow();
  });
});
