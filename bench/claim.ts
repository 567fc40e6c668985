// Claims per second and latency with 50 concurrent clients, through the domain functions a claim
// request calls: the throttled code lookup, then the claim transaction (conditional update, tag,
// claim row, status, achievements with notifications). Two scenarios:
//   distinct  - every request claims a free figure (the normal case)
//   contended - all 50 clients race for the same figure, 20 figures in a row (1 wins, 49 get "already")
// Embedded PGlite (in memory) always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names
// a server: a fresh database is created there and dropped afterwards.
//   node bench/claim.ts
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/claim.ts
import { randomUUID } from "node:crypto";
import pg from "pg";

import { openDatabase } from "../server/db/client.ts";
import { boonees, profiles, tags } from "../server/db/schema.ts";
import { claimFigure } from "../server/domain/claims/claim-figure.ts";
import { findFigureByCode } from "../server/domain/codes/find-figure-by-code.ts";

const CLIENTS = 50;
const PER_CLIENT = Number(process.env.BENCH_CLAIMS_PER_CLIENT ?? 20);
const RACES = Number(process.env.BENCH_RACES ?? 20);
const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Row {
  database: string;
  scenario: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  won: number;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function bench(label: string, url?: string): Promise<Row[]> {
  const database = await openDatabase(url ? { databaseUrl: url } : { pgliteDir: "memory://" });
  const db = database.db;
  try {
    const stamp = Date.now();
    const users = Array.from({ length: CLIENTS }, (_, i) => ({
      id: randomUUID(),
      name: `Bench ${i}`,
      email: `bench-${i}-${stamp}@example.test`,
    }));
    await db.insert(profiles).values(users);
    async function seed(n: number, prefix: string) {
      const figures = await db
        .insert(boonees)
        .values(
          Array.from({ length: n }, (_, i) => ({
            name: `${prefix} ${i}`,
            status: "Placed" as const,
            rarity: (["Common", "Rare", "Legendary"] as const)[i % 3],
          })),
        )
        .returning({ id: boonees.id });
      const codes = figures.map((_, i) => `${prefix}${i.toString(36).toUpperCase().padStart(6, "0")}`);
      await db.insert(tags).values(figures.map((f, i) => ({ figureId: f.id, secretCode: codes[i] })));
      return codes;
    }
    // one claim request: look the code up (throttled per address and account), then claim
    async function claim(user: { id: string }, code: string, ip: string) {
      const found = await findFigureByCode(db, code, { ip, userId: user.id });
      if (!found) throw new Error("code not found");
      return claimFigure(db, { id: user.id, role: "user" }, { p_tag_id: found.tagId, p_boonee_id: found.details.id });
    }
    const rows: Row[] = [];

    // distinct figures
    const codes = await seed(CLIENTS * PER_CLIENT, "BENCHD");
    let latencies: number[] = [];
    let won = 0;
    let started = performance.now();
    await Promise.all(
      users.map(async (u, c) => {
        for (let k = 0; k < PER_CLIENT; k++) {
          const t0 = performance.now();
          const r = await claim(u, codes[c * PER_CLIENT + k], `10.0.${c}.1`);
          if (!r.success) throw new Error(`claim failed: ${r.error}`);
          won++;
          latencies.push(performance.now() - t0);
        }
      }),
    );
    let seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    rows.push({
      database: label,
      scenario: "distinct",
      requests: latencies.length,
      perSecond: latencies.length / seconds,
      p50: pct(latencies, 50),
      p99: pct(latencies, 99),
      won,
    });

    // contended: every client races for the same figure, figure after figure
    const raced = await seed(RACES, "BENCHC");
    latencies = [];
    won = 0;
    started = performance.now();
    for (const code of raced) {
      const results = await Promise.all(
        users.map(async (u, c) => {
          const t0 = performance.now();
          const r = await claim(u, code, `10.1.${c}.1`);
          latencies.push(performance.now() - t0);
          return r;
        }),
      );
      const winners = results.filter((r) => r.success).length;
      const already = results.filter((r) => r.error === "claim.error.already").length;
      if (winners !== 1 || already !== CLIENTS - 1)
        throw new Error(`race broke: ${winners} winners, ${already} already`);
      won += winners;
    }
    seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    rows.push({
      database: label,
      scenario: "contended",
      requests: latencies.length,
      perSecond: latencies.length / seconds,
      p50: pct(latencies, 50),
      p99: pct(latencies, 99),
      won,
    });
    return rows;
  } finally {
    await database.close();
  }
}

async function withFreshDatabase<T>(serverUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `boonees_bench_claim_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  try {
    return await run(u.toString());
  } finally {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

const rows = await bench("PGlite (embedded)");
if (server) {
  const version = await (async () => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    const v = (await c.query("show server_version")).rows[0].server_version as string;
    await c.end();
    return v.split(" ")[0];
  })();
  rows.push(...(await withFreshDatabase(server, (url) => bench(`PostgreSQL ${version}`, url))));
}

console.log(`${CLIENTS} concurrent clients; each request = throttled code lookup + claim transaction`);
console.log("| database | scenario | requests | won | requests/s | p50 | p99 |");
console.log("|---|---|---|---|---|---|---|");
for (const r of rows)
  console.log(
    `| ${r.database} | ${r.scenario} | ${r.requests} | ${r.won} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(0)} ms | ${r.p99.toFixed(0)} ms |`,
  );
