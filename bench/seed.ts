// Fills a PostgreSQL database with 100,000 figures and 20,000 users for the public-page benchmarks.
//
//   node bench/seed.ts                       # database boonees_bench on 127.0.0.1 (dropped and re-created)
//   BENCH_DATABASE_URL=postgres://… node bench/seed.ts
//   FIGURES=100000 USERS=20000 TYPES=10000 node bench/seed.ts
//
// The shape of the catalogue: bench/seed-catalogue.ts.
import pg from "pg";

import { openDatabase } from "../server/db/client.ts";
import { seedCatalogue } from "./seed-catalogue.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/boonees_bench";
const FIGURES = Number(process.env.FIGURES ?? 100_000);
const USERS = Number(process.env.USERS ?? 20_000);
const TYPES = Math.min(FIGURES, Number(process.env.TYPES ?? 10_000));

const dbName = new URL(url).pathname.slice(1);
if (!/^[a-z0-9_]+$/.test(dbName)) throw new Error(`unexpected database name ${dbName}`);

async function recreate() {
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
}

const started = performance.now();
await recreate();
// Creates the schema with the app's own migrations.
const database = await openDatabase({ databaseUrl: url });
await database.close();

const client = new pg.Client({ connectionString: url });
await client.connect();
await seedCatalogue(client, { figures: FIGURES, users: USERS, types: TYPES }, console.log);
const t = performance.now();
await client.query("vacuum analyze"); // the steady state autovacuum keeps (visibility map for index-only scans)
console.log(`${"vacuum analyze".padEnd(28)} ${"".padStart(7)}       ${Math.round(performance.now() - t)} ms`);
await client.end();
console.log(
  `seeded ${FIGURES} figures (${TYPES} types), ${USERS} users into ${dbName} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
