// Admin list latency with 100,000 figures on PostgreSQL: the figure list (/admin/boonees) and the
// claims table (/admin/claims), measured (1) as the loaders' queries and (2) as whole requests through
// the app (Hono + React Router, in-process, signed in as admin) when a build exists.
//
//   node bench/seed.ts is run first when the database has fewer figures than FIGURES.
//   BUILD_DIR=build node bench/admin.ts
//   BENCH_DATABASE_URL=postgres://…/boonees_bench_admin RUNS=60 node bench/admin.ts
//
// Prints p50 / p95 / max in ms for each query shape (timed round-robin, RUNS times each) and exits 1
// when a p95 is over TARGET_MS (100).
import "../server/production-env.ts";

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { ServerBuild } from "react-router";

import { loadConfig } from "../server/config.ts";
import { openDatabase, queryRows } from "../server/db/client.ts";
import { decodeCursor, encodeCursor } from "../server/db/paging.ts";
import { listClaims } from "../server/domain/claims/list-claims.ts";
import type { Actor } from "../server/domain/errors.ts";
import { listAdminFigures } from "../server/domain/figures/list-figures.ts";
import { createHttpApp } from "../server/http.ts";
import { closeServices, createServices } from "../server/services.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/boonees_bench_admin";
const FIGURES = Number(process.env.FIGURES ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 60);
const TARGET_MS = Number(process.env.TARGET_MS ?? 100);
const root = fileURLToPath(new URL("..", import.meta.url));

async function figureCount(): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const r = await client.query("select count(*)::int as n from boonees");
    return r.rows[0].n;
  } catch {
    return 0;
  } finally {
    await client.end().catch(() => {});
  }
}

if ((await figureCount()) < FIGURES) {
  console.log(`seeding ${FIGURES} figures into ${url} (bench/seed.ts) …`);
  const run = spawnSync(process.execPath, [path.join(root, "bench/seed.ts")], {
    env: { ...process.env, BENCH_DATABASE_URL: url, FIGURES: String(FIGURES) },
    stdio: "inherit",
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const results: { name: string; p50: number; p95: number; max: number }[] = [];
let pending: { name: string; fn: () => Promise<unknown> }[] = [];
/** Queues a measurement; `runAll` times the queued ones round-robin, so a burst of load elsewhere
 * on the machine spreads over all of them instead of spoiling one. */
async function measure(name: string, fn: () => Promise<unknown>) {
  pending.push({ name, fn });
}
async function runAll() {
  const times = new Map(pending.map((p) => [p.name, [] as number[]]));
  for (const p of pending) for (let i = 0; i < 5; i++) await p.fn();
  for (let i = 0; i < RUNS; i++) {
    for (const p of pending) {
      const t = performance.now();
      await p.fn();
      times.get(p.name)!.push(performance.now() - t);
    }
  }
  for (const p of pending) {
    const ts = times.get(p.name)!;
    const row = { name: p.name, p50: pct(ts, 50), p95: pct(ts, 95), max: Math.max(...ts) };
    results.push(row);
    console.log(
      `${p.name.padEnd(52)} p50 ${row.p50.toFixed(1).padStart(6)} ms   p95 ${row.p95.toFixed(1).padStart(6)} ms   max ${row.max.toFixed(1).padStart(6)} ms`,
    );
  }
  pending = [];
}

// ---------------------------------------------------------------- (1) the loaders' queries
const database = await openDatabase({ databaseUrl: url });
const admin: Actor = { id: "bench-admin", role: "admin" };
const [{ total, claims }] = await queryRows<{ total: number; claims: number }>(
  database.db,
  sql`select (select count(*)::int from boonees) as total, (select count(*)::int from claims) as claims`,
);
console.log(
  `\n${total} figures, ${claims} claims on PostgreSQL; ${RUNS} runs each after 5 warm-ups; NODE_ENV=${process.env.NODE_ENV}\n\nqueries (domain functions the loaders call):`,
);
// Cursors deep in the lists, as the "next" links of page 2,000 (figures) and page 1,000 (claims) carry them.
const at = async (query: ReturnType<typeof sql>) => {
  const [row] = await queryRows<{ ts: string; id: string }>(database.db, query);
  return row;
};
const deepFigure = await at(
  sql`select created_at::text as ts, id from boonees order by created_at desc nulls last, id offset 47999 limit 1`,
);
const oldestFigure = await at(
  sql`select created_at::text as ts, id from boonees order by created_at asc nulls first, id desc offset 10 limit 1`,
);
const deepClaim = await at(
  sql`select claimed_at::text as ts, id from claims order by claimed_at desc nulls last, id desc offset 24999 limit 1`,
);
const deep = (row: { ts: string; id: string }, dir: "after" | "before" = "after") =>
  decodeCursor(dir, encodeCursor(row.ts, row.id))!;
await measure("figures: page 1", () => listAdminFigures(database.db, admin, {}));
await measure("figures: page 2001 (after row 48,000)", () =>
  listAdminFigures(database.db, admin, { cursor: deep(deepFigure), page: 2001 }),
);
await measure("figures: back to page 2000 (before row 48,000)", () =>
  listAdminFigures(database.db, admin, { cursor: deep(deepFigure, "before"), page: 2000 }),
);
await measure("figures: last page", () =>
  listAdminFigures(database.db, admin, { cursor: deep(oldestFigure), page: 4167 }),
);
await measure("figures: search 'blubb 12'", () => listAdminFigures(database.db, admin, { q: "blubb 12" }));
const serie42 = await listAdminFigures(database.db, admin, { q: "serie 42" });
await measure("figures: search 'serie 42', page 2", () =>
  listAdminFigures(database.db, admin, { q: "serie 42", cursor: decodeCursor("after", serie42.next), page: 2 }),
);
await measure("figures: search 'blubb' (10 % match)", () => listAdminFigures(database.db, admin, { q: "blubb" }));
await measure("figures: status claimed", () => listAdminFigures(database.db, admin, { status: "claimed" }));
await measure("figures: status available, after row 48,000", () =>
  listAdminFigures(database.db, admin, { status: "available", cursor: deep(deepFigure), page: 100 }),
);
await measure("figures: status Draft", () => listAdminFigures(database.db, admin, { status: "Draft" }));
await measure("figures: search 'zzz-none' (no match)", () => listAdminFigures(database.db, admin, { q: "zzz-none" }));
await measure("claims: page 1", () => listClaims(database.db, admin, {}));
await measure("claims: page 1001 (after row 25,000)", () =>
  listClaims(database.db, admin, { cursor: deep(deepClaim), page: 1001 }),
);
await measure("claims: search 'mira'", () => listClaims(database.db, admin, { q: "mira" }));
await measure("claims: search 'bench123@' (e-mail)", () => listClaims(database.db, admin, { q: "bench123@" }));
await measure("claims: search 'blubb 3' (figure name)", () => listClaims(database.db, admin, { q: "blubb 3" }));
await measure("claims: pending", () => listClaims(database.db, admin, { state: "pending" }));
await measure("claims: moderator, search 'serie 7'", () =>
  listClaims(database.db, { id: "m", role: "moderator" }, { q: "serie 7" }),
);
await runAll();
await database.close();

// ---------------------------------------------------------------- (2) whole requests through the app
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const buildFile = path.join(buildDir, "server/index.js");
if (!existsSync(buildFile)) {
  console.log(
    `\n(no build in ${buildDir}: skipping the request measurements; run with BUILD_DIR=… after react-router build)`,
  );
} else {
  const publicUrl = "http://localhost:3999";
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "boonees-bench-")),
    PUBLIC_URL: publicUrl,
    ADMIN_EMAIL: "bench-admin@boonees.test",
    ADMIN_PASSWORD: "bench-admin-pass",
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
    LOG_LEVEL: "silent",
    // In-process requests have no socket: the client address comes from this header instead.
    CLIENT_IP_HEADER: "x-bench-ip",
  } as NodeJS.ProcessEnv);
  const services = await createServices(config);
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const { app } = createHttpApp(services, build, { clientDir: path.join(buildDir, "client") });
  const login = await app.fetch(
    new Request(`${publicUrl}/auth`, {
      method: "POST",
      headers: { origin: publicUrl, "content-type": "application/x-www-form-urlencoded", "x-bench-ip": "127.0.0.1" },
      body: new URLSearchParams({ intent: "login", email: "bench-admin@boonees.test", password: "bench-admin-pass" }),
      redirect: "manual",
    }),
  );
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (login.status !== 302 || !cookie) throw new Error(`admin sign-in failed: ${login.status}`);
  const get = async (p: string) => {
    const res = await app.fetch(new Request(`${publicUrl}${p}`, { headers: { cookie, "x-bench-ip": "127.0.0.1" } }));
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
    await res.arrayBuffer();
  };
  console.log(
    "\nrequests through the app (in-process, signed in as admin; HTML = server-rendered page, .data = client navigation):",
  );
  const deepAfter = encodeCursor(deepFigure.ts, deepFigure.id);
  const deepClaimAfter = encodeCursor(deepClaim.ts, deepClaim.id);
  await measure("GET /admin/boonees (HTML)", () => get("/admin/boonees"));
  await measure("GET /admin/boonees.data", () => get("/admin/boonees.data"));
  await measure("GET /admin/boonees.data (page 2001)", () => get(`/admin/boonees.data?after=${deepAfter}&page=2001`));
  await measure("GET /admin/boonees.data?q=blubb+12&status=claimed", () =>
    get("/admin/boonees.data?q=blubb+12&status=claimed"),
  );
  await measure("GET /admin/claims (HTML)", () => get("/admin/claims"));
  await measure("GET /admin/claims.data", () => get("/admin/claims.data"));
  await measure("GET /admin/claims.data (page 1001)", () =>
    get(`/admin/claims.data?after=${deepClaimAfter}&page=1001`),
  );
  await measure("GET /admin/claims.data?q=mira", () => get("/admin/claims.data?q=mira"));
  await measure("GET /admin/users (HTML)", () => get("/admin/users"));
  await runAll();
  await closeServices(services);
}

const over = results.filter((r) => r.p95 > TARGET_MS);
console.log(
  over.length
    ? `\nover the ${TARGET_MS} ms p95 target: ${over.map((r) => r.name).join(", ")}`
    : `\nall p95 under ${TARGET_MS} ms`,
);
process.exit(over.length ? 1 : 0);
