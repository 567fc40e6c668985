// Claims per second and latency with 50 concurrent clients, through the real claim transaction
// (conditional update, tag, claim row, achievements). Embedded PGlite, and PostgreSQL when
// BENCH_DATABASE_URL is set (a fresh database is created on that server and dropped afterwards).
//   node bench/claim.ts                     # PGlite
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/claim.ts
import { randomUUID } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../server/db/client.ts";
import { boonees, profiles, tags } from "../server/db/schema.ts";
import { claimBoonee } from "../server/domain/claim-boonee.ts";
import { findFigureByCode } from "../server/domain/find-figure-by-code.ts";

const CLIENTS = 50;
const PER_CLIENT = Number(process.env.BENCH_CLAIMS_PER_CLIENT ?? 20);
const server = process.env.BENCH_DATABASE_URL;

let url: string | undefined;
let dbName = "";
if (server) {
  dbName = `boonees_bench_claim_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(server);
  u.pathname = `/${dbName}`;
  url = u.toString();
}
const database = await openDatabase(url ? { databaseUrl: url } : { pgliteDir: "memory://" });
const db = database.db;

const users = Array.from({ length: CLIENTS }, (_, i) => ({ id: randomUUID(), name: `Bench ${i}`, email: `bench-${i}-${Date.now()}@example.test` }));
await db.insert(profiles).values(users);
const total = CLIENTS * PER_CLIENT;
const figures = await db
  .insert(boonees)
  .values(Array.from({ length: total }, (_, i) => ({ name: `Bench ${i}`, status: "Placed" as const, rarity: (["Common", "Rare", "Legendary"] as const)[i % 3] })))
  .returning({ id: boonees.id });
const codes = figures.map((_, i) => `BENCH${i.toString(36).toUpperCase().padStart(6, "0")}`);
await db.insert(tags).values(figures.map((f, i) => ({ booneeId: f.id, secretCode: codes[i] })));

const latencies: number[] = [];
const started = performance.now();
await Promise.all(
  users.map(async (u, c) => {
    for (let k = 0; k < PER_CLIENT; k++) {
      const i = c * PER_CLIENT + k;
      const t0 = performance.now();
      // what a claim request does: look the code up (throttled), then claim
      const found = await findFigureByCode(db, codes[i], { ip: `10.0.${c}.1`, userId: u.id });
      const r = await claimBoonee(db, { id: u.id, role: "user" }, { p_tag_id: found!.tagId, p_boonee_id: found!.boonee.id });
      if (!r.success) throw new Error(`claim failed: ${r.error}`);
      latencies.push(performance.now() - t0);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
console.log(`database: ${database.kind}, ${CLIENTS} concurrent clients, ${total} claims`);
console.log(`claims/s: ${(total / seconds).toFixed(0)}  p50: ${pct(50)} ms  p99: ${pct(99)} ms`);
await database.close();
if (server) {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
