// Makes the committed database snapshots that tests/integration/migrate-snapshot.test.ts upgrades:
// a database of a released main, with data in it, on PostgreSQL (pg_dump, plain SQL) and on the
// embedded database (PGlite's data directory, as `cli backup` writes it).
//
// Run it with the code of the main you want to snapshot (normally the main before a schema change):
//   git worktree add /tmp/prev-main <commit> && (cd /tmp/prev-main && npm ci)
//   node scripts/make-db-snapshot.ts --repo /tmp/prev-main
// It writes tests/fixtures/db-snapshot/{postgres.sql,pglite.tar.gz,SNAPSHOT.md} of THIS checkout.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

import { SNAPSHOT_USERS, snapshotSeedSql } from "../tests/fixtures/db-snapshot/seed.ts";

const here = path.resolve(import.meta.dirname, "..");
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const repo = path.resolve(arg("--repo") ?? here);
const out = path.join(here, "tests/fixtures/db-snapshot");
const server = process.env.SNAPSHOT_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Exec = (sqlText: string) => Promise<unknown>;
const load = (file: string) => import(pathToFileURL(path.join(repo, file)).href);

/** Creates the snapshot's accounts with the snapshotted code's own auth (real password hashes), then its rows. */
async function seed(database: { db: unknown }, exec: Exec) {
  const { createAuth } = await load("server/auth/auth.ts");
  // older mains' createAuth ignores the logger; newer ones need one
  const silentLog = { debug() {}, info() {}, warn() {}, error() {} };
  const auth = createAuth({
    db: database.db,
    publicUrl: "http://localhost:3000",
    secret: "snapshot-secret-snapshot-secret-0",
    sendMail: async () => {},
    log: silentLog,
  });
  const ids: Record<string, string> = {};
  for (const [key, user] of Object.entries(SNAPSHOT_USERS)) {
    ids[key] = (
      await auth.api.signUpEmail({ body: { name: user.name, email: user.email, password: user.password } })
    ).user.id;
  }
  await exec(snapshotSeedSql(ids));
}

async function postgresSnapshot(commit: string) {
  const name = `boonees_snapshot_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  try {
    const { openDatabase } = await load("server/db/client.ts");
    const database = await openDatabase({ databaseUrl: url.toString() });
    const client = new pg.Client({ connectionString: url.toString() });
    client.on("error", () => {});
    await client.connect();
    await seed(database, (q) => client.query(q));
    await client.end();
    await database.close();
    const dump = execFileSync(
      "pg_dump",
      ["--inserts", "--no-owner", "--no-privileges", "--no-comments", url.toString()],
      {
        encoding: "utf8",
        maxBuffer: 64 << 20,
      },
    );
    // psql meta-commands (\restrict …) are not SQL: the test runs the dump through a driver
    const sqlText = dump
      .split("\n")
      .filter((line) => !line.startsWith("\\"))
      .join("\n");
    writeFileSync(
      path.join(out, "postgres.sql"),
      `-- Boonees database of main ${commit} with snapshot data (scripts/make-db-snapshot.ts)\n${sqlText}`,
    );
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function pgliteSnapshot() {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "boonees-snapshot-")), "db");
  try {
    const { openDatabase } = await load("server/db/client.ts");
    const database = await openDatabase({ pgliteDir: dir });
    await seed(database, (q) => database.pglite.exec(q));
    await database.pglite.query("CHECKPOINT");
    const blob: Blob = await database.pglite.dumpDataDir("gzip");
    writeFileSync(path.join(out, "pglite.tar.gz"), Buffer.from(await blob.arrayBuffer()));
    await database.close();
  } finally {
    rmSync(path.dirname(dir), { recursive: true, force: true });
  }
}

const commit = execFileSync("git", ["-C", repo, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
const migrations = execFileSync("git", ["-C", repo, "ls-files", "server/db/migrations/*.sql"], { encoding: "utf8" })
  .trim()
  .split("\n")
  .map((f) => path.basename(f));
mkdirSync(out, { recursive: true });
await postgresSnapshot(commit).catch((e) => {
  console.error("postgres snapshot failed:", e);
  process.exit(1);
});
await pgliteSnapshot();
writeFileSync(
  path.join(out, "SNAPSHOT.md"),
  `# Database snapshot\n\nMade by \`node scripts/make-db-snapshot.ts --repo <checkout of ${commit}>\` from main ${commit}, whose migrations are:\n\n${migrations.map((m) => `- ${m}`).join("\n")}\n\n` +
    "`postgres.sql` is pg_dump's plain SQL of a PostgreSQL database; `pglite.tar.gz` is the embedded database's directory (as `cli backup` writes it). " +
    "Both hold the rows of `seed.ts`. `tests/integration/migrate-snapshot.test.ts` upgrades them with today's migrations and checks that no value was lost.\n",
);
console.log(`snapshot of ${commit} written to ${path.relative(here, out)}`);
