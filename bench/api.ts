// The public read API (decision 050) against the HTML pages it mirrors, in one run: the gallery
// (/api/v1/gallery vs /boonees) and a figure (/api/v1/figures/{id} vs /boonee/{id}), both from the public
// page cache, requests/s of each and their ratio, on the embedded database and on PostgreSQL. Needs a build.
//   node bench/api.ts                                   # 10 s per run, 50 connections, both databases
//   LOAD_SECONDS=5 LOAD_CONNECTIONS=50 BENCH_DATABASES=pglite node bench/api.ts
// Target: the API answers at >= 0.8x the rate of the page it mirrors, zero errors.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

import { openDatabase } from "../server/db/client.ts";
import { createPgDatabase, startInstance, type Instance } from "../tests/support/instances.ts";
import { seedSmallCatalogue } from "./small-catalogue.ts";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
const HEADERS = { "accept-encoding": "gzip" };
// one load generator from one address: the per-address budget would otherwise be the measurement
const ENV = { LOG_LEVEL: "error", API_RATE_LIMIT: "1000000" };
const basePort = 4690 + Math.floor(Math.random() * 10) * 3;

async function drive(url: string, seconds = SECONDS) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: HEADERS });
  return {
    rps: r.requests.total / seconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

/** A database with the small catalogue and an app instance on it. */
async function setUp(
  kind: string,
  port: number,
): Promise<{ app: Instance; figureId: string; drop: () => Promise<void> }> {
  if (kind === "postgres") {
    const database = await createPgDatabase("boonees_apibench");
    const app = await startInstance({ port, env: { ...ENV, DATABASE_URL: database.url }, startTimeoutMs: 180_000 });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const figure = await seedSmallCatalogue((text) => client.query(text));
    await client.end();
    return { app, figureId: figure.id, drop: database.drop };
  }
  // the embedded database allows one process: fill it first, then start the app on it
  const dataDir = mkdtempSync(path.join(tmpdir(), "boonees-apibench-"));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  const figure = await seedSmallCatalogue((text) => database.pglite!.query(text));
  await database.close();
  const app = await startInstance({ port, dataDir, env: ENV, startTimeoutMs: 180_000 });
  return { app, figureId: figure.id, drop: async () => {} };
}

const rows: string[] = [
  "| database | what | API requests/s | p50 ms | p99 ms | errors | page requests/s | page p99 ms | API / page |",
  "|---|---|---|---|---|---|---|---|---|",
];
const verdicts: string[] = [];
for (const [i, kind] of DATABASES.entries()) {
  const { app, figureId, drop } = await setUp(kind, basePort + i);
  const pairs = [
    { name: "gallery", api: "/api/v1/gallery", page: "/boonees" },
    { name: "figure", api: `/api/v1/figures/${figureId}`, page: `/boonee/${figureId}` },
  ];
  for (const pair of pairs) {
    for (const p of [pair.api, pair.page]) {
      const res = await fetch(app.base + p, { headers: HEADERS });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
    }
    // warm up both (JIT, the cache's first fill), then measure
    await drive(app.base + pair.api, 2);
    await drive(app.base + pair.page, 2);
    const api = await drive(app.base + pair.api);
    const page = await drive(app.base + pair.page);
    const ratio = api.rps / page.rps;
    rows.push(
      `| ${kind} | ${pair.name} | ${api.rps.toFixed(0)} | ${api.p50} | ${api.p99} | ${api.errors} | ${page.rps.toFixed(0)} | ${page.p99} | ${ratio.toFixed(2)}× |`,
    );
    const ok = ratio >= 0.8 && api.errors === 0;
    verdicts.push(
      `${kind}: ${pair.name} API ${ratio.toFixed(2)}× the page, ${api.errors} errors: ${ok ? "meets" : "MISSES"} the target (≥ 0.8×, 0 errors)`,
    );
  }
  await app.stop();
  await drop();
}
console.log(
  `\n${SECONDS} s per run, ${CONNECTIONS} connections, Accept-Encoding: gzip; app, database and autocannon share this machine\n`,
);
console.log(rows.join("\n"));
console.log(`\n${verdicts.join("\n")}`);
