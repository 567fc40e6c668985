// p95 of the public pages' data on PostgreSQL with 100,000 figures and 20,000 users.
//
//   node bench/seed.ts                 # once: fills boonees_bench
//   BUILD_DIR=build node bench/public-loaders.ts
//
// Part 1 calls the domain queries the loaders use (gallery, leaderboards, stats), in process.
// Part 2 starts the built app on the bench database and requests the loaders over HTTP
// (React Router's /<path>.data: the root loader plus the page's loader, what a client navigation
// fetches), one request at a time and then 8 at a time. Target: p95 < 50 ms for each.
// Options: BENCH_DATABASE_URL, RUNS (default 300), PORT (default 3299), SKIP_HTTP=1.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";

import { openDatabase, queryRows, type Db } from "../server/db/client.ts";
import { listGallery } from "../server/domain/figures/public-gallery.ts";
import { getLeaderboards } from "../server/domain/stats/public-leaderboard.ts";
import { getPublicStats } from "../server/domain/stats/public-stats.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/boonees_bench";
const RUNS = Number(process.env.RUNS ?? 300);
const PORT = Number(process.env.PORT ?? 3299);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = process.env.BUILD_DIR ?? "build";

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (n: number) => n.toFixed(1).padStart(6);
const results: { name: string; p50: number; p95: number; p99: number; max: number }[] = [];

async function measure(name: string, fn: () => Promise<unknown>, concurrency = 1) {
  for (let i = 0; i < 20; i++) await fn(); // warm-up: connections, plans, caches
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < RUNS) {
      next++;
      const t = performance.now();
      await fn();
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  times.sort((a, b) => a - b);
  const row = { name, p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), max: times.at(-1)! };
  results.push(row);
  console.log(
    `${name.padEnd(52)} p50 ${fmt(row.p50)} ms  p95 ${fmt(row.p95)} ms  p99 ${fmt(row.p99)} ms  max ${fmt(row.max)} ms`,
  );
}

const database = await openDatabase({ databaseUrl: url });
const db: Db = database.db;
const [{ n: figures }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from boonees`);
const [{ n: users }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from profiles`);
console.log(`database ${new URL(url).pathname.slice(1)}: ${figures} figures, ${users} users; ${RUNS} runs each\n`);
if (figures < 100_000) console.log("(fewer than 100,000 figures: run `node bench/seed.ts` first)\n");

console.log("— domain queries (in process) —");
await measure("gallery: first page", () => listGallery(db, { q: "", rarity: null, page: 1 }));
await measure("gallery: page 50", () => listGallery(db, { q: "", rarity: null, page: 50 }));
await measure("gallery: rarity Legendary", () => listGallery(db, { q: "", rarity: "Legendary", page: 1 }));
await measure("gallery: search 'zappo'", () => listGallery(db, { q: "zappo", rarity: null, page: 1 }));
await measure("gallery: search 'serie 12' + Rare", () => listGallery(db, { q: "serie 12", rarity: "Rare", page: 1 }));
await measure("gallery: search without a match", () => listGallery(db, { q: "kein treffer", rarity: null, page: 1 }));
await measure("leaderboards (collectors + legends)", () => getLeaderboards(db));
await measure("stats", () => getPublicStats(db));
await database.close();

if (process.env.SKIP_HTTP !== "1") {
  const serverFile = path.join(root, buildDir, "server/index.js");
  if (!existsSync(serverFile)) {
    console.log(`\nno build in ${buildDir}/: run \`BUILD_DIR=${buildDir} npx react-router build\` for the HTTP part`);
  } else {
    const server = spawn(process.execPath, ["server/main.ts"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(PORT),
        DATABASE_URL: url,
        BUILD_DIR: buildDir,
        PUBLIC_URL: `http://localhost:${PORT}`,
        DATA_DIR: path.join(root, ".tmp/bench-data"),
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    try {
      const base = `http://localhost:${PORT}`;
      for (let i = 0; i < 100; i++) {
        if (
          await fetch(`${base}/healthz`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const get = (p: string) => async () => {
        const res = await fetch(base + p);
        if (!res.ok) throw new Error(`${p}: ${res.status}`);
        await res.arrayBuffer();
      };
      const pages = [
        ["GET /boonees.data", "/boonees.data"],
        ["GET /boonees.data?rarity=Legendary&page=3", "/boonees.data?rarity=Legendary&page=3"],
        ["GET /boonees.data?q=zappo", "/boonees.data?q=zappo"],
        ["GET /leaderboard.data", "/leaderboard.data"],
        ["GET /stats.data", "/stats.data"],
        ["GET /boonees (full HTML page)", "/boonees"],
      ] as const;
      for (const concurrency of [1, 8]) {
        console.log(`\n— loaders over HTTP, ${concurrency} at a time —`);
        for (const [name, p] of pages) await measure(`${name} ×${concurrency}`, get(p), concurrency);
      }
    } finally {
      server.kill("SIGTERM");
    }
  }
}

const worst = results.filter((r) => !r.name.includes("full HTML") && !r.name.endsWith("×8"));
const over = worst.filter((r) => r.p95 >= 50);
console.log(
  over.length
    ? `\nOVER 50 ms p95: ${over.map((r) => r.name).join(", ")}`
    : "\nall loader/query p95 (one at a time) under 50 ms",
);
process.exitCode = over.length ? 1 : 0;
