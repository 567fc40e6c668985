// Claims per second through HTTP as an NFC tap makes them (signed in, native form POST /c/CODE with
// intent=claim), 50 clients, at 200 figure types and at 20,000 types (20,000 figures each), and the
// same request's SQL (bench/claim-request.sql) run by pgbench with 50 clients. Prints the ratios the
// issue asks for, measured in this one run: HTTP at 20,000 types / at 200 types (target >= 0.8) and
// HTTP / pgbench (target >= 0.5), and HTTP / pgbench on the issue's minimal reference SQL
// (../shared/bench/claim-reference.pgbench, target >= 0.8). Embedded database (PGlite) too, HTTP only. Needs a build.
//   node bench/claim-scale.ts
//   CLAIMS=2000 BENCH_SERVER=postgres://postgres@127.0.0.1:5432/postgres node bench/claim-scale.ts
//   BENCH_EMBEDDED=0 node bench/claim-scale.ts          # PostgreSQL only
// Databases boonees_bench_c1_* are created and dropped (BENCH_DB_PREFIX renames them, BENCH_KEEP=1 keeps
// them for experiments with pgbench); servers listen on
// ports from BENCH_PORT_BASE (default 4400) on, at most 40 of them.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import pg from "pg";

import { openDatabase } from "../server/db/client.ts";
import { signUpCookie, startInstance, type Instance } from "../tests/support/instances.ts";
import { seedCatalogue } from "./seed-catalogue.ts";

const SERVER = process.env.BENCH_SERVER ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CLAIMS = Number(process.env.CLAIMS ?? 2000);
const CLIENTS = 50;
const WARMUP = 100;
const FIGURES = 20_000;
const SIZES = (process.env.BENCH_SIZES ?? "200,20000").split(",").map(Number);
const EMBEDDED = process.env.BENCH_EMBEDDED !== "0";
const PGBENCH = process.env.PGBENCH ?? "pgbench";
// e.g. BENCH_APP_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the app under load
const appNodeOptions: Record<string, string> = process.env.BENCH_APP_NODE_OPTIONS
  ? { NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS }
  : {};
const sqlFile = path.join(import.meta.dirname, "claim-request.sql");
/** The issue's reference: the minimal SQL of a claim (../shared/bench/claim-reference.pgbench), beside the repository. */
const referenceFile =
  process.env.CLAIM_REFERENCE ?? path.join(import.meta.dirname, "../../shared/bench/claim-reference.pgbench");
let port = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : 4400 + Math.floor(Math.random() * 40);
const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? "boonees_bench_c1";

interface Measured {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  /** CPU time of the app's process per counted claim (ms): unlike claims/s, barely moved by other load */
  appCpuMs?: number;
}

/** CPU time (user + system, ms) a process has used so far; NaN where /proc is not there. */
function cpuMsOf(pid: number | undefined) {
  const stat = pid && existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, "utf8") : "";
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return stat ? ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 : NaN; // utime, stime in clock ticks (100/s)
}

const freeCodes = (limit: number) => `select t.secret_code as code from boonees b join tags t on t.boonee_id = b.id
  where b.owner_id is null and b.status = 'Placed' and not t.is_claimed order by md5(b.id::text) limit ${limit}`;

/** 50 signed-in finders claim CLAIMS different free figures, each request a native form POST. */
async function httpClaims(app: Instance, codes: string[]): Promise<Measured> {
  const cookies: string[] = [];
  for (let i = 0; i < CLIENTS; i++)
    cookies.push(await signUpCookie(app.base, `Finder ${i}`, `finder${i}-${Date.now()}@example.test`));
  // the first claims warm the server up (module loading, JIT, connection pool) and are not counted
  await claimAll(app, cookies, codes.slice(0, WARMUP));
  const cpuBefore = cpuMsOf(app.child.pid);
  const result = await claimAll(app, cookies, codes.slice(WARMUP));
  const appCpuMs = cpuMsOf(app.child.pid) - cpuBefore;
  // a won claim answers 303 to its success page (Post/Redirect/Get); anything else failed
  const won = (result as unknown as Record<"3xx", number>)["3xx"];
  return {
    perSecond: won / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx - won + result.errors + result.timeouts,
    appCpuMs: appCpuMs / won,
  };
}

function claimAll(app: Instance, cookies: string[], codes: string[]) {
  let next = 0;
  let client = 0;
  return autocannon({
    url: app.base,
    connections: CLIENTS,
    amount: codes.length,
    timeout: 120,
    requests: [
      {
        setupRequest: (req, context) => {
          context.cookie ??= cookies[client++ % CLIENTS];
          return {
            ...req,
            method: "POST",
            path: `/c/${codes[next++]}`,
            headers: {
              origin: app.base,
              "content-type": "application/x-www-form-urlencoded",
              cookie: String(context.cookie),
              "accept-encoding": "gzip",
            },
            body: "intent=claim",
          };
        },
      },
    ],
  });
}

/** An empty database `name` (dropped first when it exists), or a copy of `template` (which must have no connections). */
async function recreate(name: string, template?: string) {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  return url.toString();
}
async function drop(name: string) {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** pgbench runs the claim request's SQL: the finders' sessions, then codes HTTP did not use. */
async function pgbenchClaims(url: string, client: pg.Client): Promise<Measured> {
  await client.query(`create table bench_clients as select row_number() over (order by s.user_id) - 1 as n, s.user_id, s.token
    from sessions s join profiles p on p.id = s.user_id where p.email like 'finder%' limit ${CLIENTS}`);
  await client.query(`create table bench_free as select row_number() over () as n, code from (${freeCodes(CLAIMS)}) f`);
  await client.query(
    "alter table bench_clients add primary key (n); alter table bench_free add primary key (n); create sequence bench_free_seq; analyze",
  );
  const u = new URL(url);
  const args = [
    "-n",
    "-M",
    "prepared",
    "-c",
    String(CLIENTS),
    "-j",
    "2",
    "-t",
    String(Math.floor(CLAIMS / CLIENTS)),
    "-r",
    "-f",
    sqlFile,
    "-h",
    u.hostname,
    "-p",
    u.port || "5432",
    "-U",
    u.username || "postgres",
    u.pathname.slice(1),
  ];
  const { stdout } = await promisify(execFile)(PGBENCH, args, { maxBuffer: 10 * 1024 * 1024 });
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN);
  const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
  const claimed = (
    await client.query<{ n: number }>(
      `select count(*)::int as n from boonees b join tags t on t.boonee_id = b.id join bench_free f on f.code = t.secret_code where b.owner_id is not null`,
    )
  ).rows[0].n;
  if (claimed !== Math.floor(CLAIMS / CLIENTS) * CLIENTS) throw new Error(`pgbench claimed ${claimed} figures`);
  return { perSecond: tps, p50: NaN, p99: NaN, failed };
}

/**
 * pgbench on the shared reference file, on a copy of the database made before any claim (so it claims
 * from the state HTTP started from, as many claims as HTTP made, warm-up included): its setup is made
 * here (codes 'CB' + 8 digits, bench_seq, bench_users with sessions for 50 of the seeded people).
 */
async function referenceClaims(url: string): Promise<Measured | null> {
  if (!existsSync(referenceFile)) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create table bench_users as select (row_number() over (order by p.id) - 1)::int as cid, p.id as uid,
      md5(p.id || random()::text) as token from profiles p where p.deleted_at is null order by p.id limit ${CLIENTS}`);
    await client.query(
      `insert into sessions (id, user_id, token, expires_at) select 'bench-' || cid, uid, token, now() + interval '1 day' from bench_users`,
    );
    await client.query(`with free as (select t.id, row_number() over () as n from boonees b join tags t on t.boonee_id = b.id
        where b.owner_id is null and b.status <> 'Archived' and not t.is_claimed)
      update tags set secret_code = 'CB' || lpad(free.n::text, 8, '0') from free where tags.id = free.id`);
    await client.query("create sequence bench_seq start 1; analyze");
  } finally {
    await client.end();
  }
  const perClient = Math.ceil((WARMUP + CLAIMS) / CLIENTS);
  const u = new URL(url);
  const args = [
    "-n",
    "-c",
    String(CLIENTS),
    "-j",
    "2",
    "-t",
    String(perClient),
    "-f",
    referenceFile,
    "-h",
    u.hostname,
    "-p",
    u.port || "5432",
    "-U",
    u.username || "postgres",
    u.pathname.slice(1),
  ];
  const { stdout } = await promisify(execFile)(PGBENCH, args, { maxBuffer: 10 * 1024 * 1024 });
  return {
    perSecond: Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN),
    p50: NaN,
    p99: NaN,
    failed: Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0),
  };
}

async function onPostgres(types: number) {
  const name = `${DB_PREFIX}_${types}`;
  const url = await recreate(name);
  await (await openDatabase({ databaseUrl: url })).close();
  let client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await seedCatalogue(client, { figures: FIGURES, users: 2_000, types });
    await client.query("vacuum analyze");
    const codes = (await client.query<{ code: string }>(freeCodes(WARMUP + CLAIMS))).rows.map((r) => r.code);
    if (codes.length < WARMUP + CLAIMS) throw new Error(`only ${codes.length} free figures`);
    // the reference claims on a copy made now, before any claim (a copy needs its template without connections)
    await client.end();
    const referenceUrl = await recreate(`${name}_ref`, name);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    const app = await startInstance({
      port: port++,
      env: { DATABASE_URL: url, LOG_LEVEL: "error", ...appNodeOptions },
      startTimeoutMs: 300_000,
    });
    let http: Measured;
    try {
      http = await httpClaims(app, codes);
    } finally {
      await app.stop();
    }
    console.log(
      `PostgreSQL, ${types} types: HTTP ${http.perSecond.toFixed(1)} claims/s (p50 ${http.p50} ms, p99 ${http.p99} ms, ${http.failed} failed; app CPU ${http.appCpuMs?.toFixed(2)} ms per claim)`,
    );
    const sql = await pgbenchClaims(url, client);
    console.log(`PostgreSQL, ${types} types: pgbench ${sql.perSecond.toFixed(1)} tps (${sql.failed} failed)`);
    const reference = await referenceClaims(referenceUrl);
    if (reference)
      console.log(
        `PostgreSQL, ${types} types: pgbench on claim-reference.pgbench ${reference.perSecond.toFixed(1)} tps (${reference.failed} failed)`,
      );
    return { http, sql, reference };
  } finally {
    await client.end();
    if (process.env.BENCH_KEEP !== "1") for (const db of [name, `${name}_ref`]) await drop(db);
  }
}

/** The embedded database: seeded in its directory first, then served by the app. */
async function onPglite(types: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "boonees-bench-c1-"));
  try {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
    const lite = database.pglite as PGlite;
    const client = {
      query: async (text: string, params: unknown[] = []) => {
        const r = params.length ? await lite.query(text, params) : (await lite.exec(text)).at(-1)!;
        return { rowCount: r.affectedRows ?? r.rows.length, rows: r.rows };
      },
    };
    await seedCatalogue(client as unknown as pg.Client, { figures: FIGURES, users: 2_000, types });
    await client.query("vacuum analyze");
    const codes = (await lite.query<{ code: string }>(freeCodes(WARMUP + CLAIMS))).rows.map((r) => r.code);
    await database.close();
    const app = await startInstance({ port: port++, dataDir, env: { LOG_LEVEL: "error" }, startTimeoutMs: 300_000 });
    try {
      const http = await httpClaims(app, codes);
      console.log(
        `PGlite, ${types} types: HTTP ${http.perSecond.toFixed(1)} claims/s (p50 ${http.p50} ms, p99 ${http.p99} ms, ${http.failed} failed)`,
      );
      return http;
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const started = Date.now();
const pgRows: Record<number, { http: Measured; sql: Measured; reference: Measured | null }> = {};
for (const types of SIZES) pgRows[types] = await onPostgres(types);
const liteRows: Record<number, Measured> = {};
if (EMBEDDED) for (const types of SIZES) liteRows[types] = await onPglite(types);

const f = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "–");
console.log(
  `\n${CLIENTS} clients, ${CLAIMS} claims per measurement, ${FIGURES} figures; one run, ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
console.log(
  "| database | figure types | HTTP claims/s | p50 ms | p99 ms | failed | pgbench tps (same SQL) | HTTP / pgbench |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const types of SIZES) {
  const { http, sql } = pgRows[types];
  console.log(
    `| PostgreSQL | ${types} | ${f(http.perSecond)} | ${f(http.p50)} | ${f(http.p99)} | ${http.failed} | ${f(sql.perSecond)} | ${(http.perSecond / sql.perSecond).toFixed(2)} |`,
  );
}
for (const types of Object.keys(liteRows).map(Number)) {
  const http = liteRows[types];
  console.log(
    `| PGlite (embedded) | ${types} | ${f(http.perSecond)} | ${f(http.p50)} | ${f(http.p99)} | ${http.failed} | – | – |`,
  );
}
const ratio = (a: number, b: number) => (a / b).toFixed(2);
const both = pgRows[200] && pgRows[20_000];
if (both)
  console.log(
    `\nPostgreSQL: HTTP at 20,000 types / at 200 types = ${ratio(pgRows[20_000].http.perSecond, pgRows[200].http.perSecond)} (target >= 0.8)`,
  );
for (const types of SIZES)
  console.log(
    `PostgreSQL: HTTP / pgbench = ${ratio(pgRows[types].http.perSecond, pgRows[types].sql.perSecond)} at ${types} types (target >= 0.5)`,
  );
for (const types of SIZES) {
  const reference = pgRows[types].reference;
  if (reference)
    console.log(
      `PostgreSQL: HTTP / pgbench on claim-reference.pgbench = ${ratio(pgRows[types].http.perSecond, reference.perSecond)} at ${types} types (target >= 0.8)`,
    );
}
console.log(
  "(HTTP: after 100 warm-up claims; pgbench: -M prepared -j 2 as the app prepares them (decision 038), one extra plumbing query per transaction, see bench/claim-request.sql)",
);
if (both)
  console.log(
    `PostgreSQL: pgbench at 20,000 types / at 200 types = ${ratio(pgRows[20_000].sql.perSecond, pgRows[200].sql.perSecond)}`,
  );
if (EMBEDDED && liteRows[200] && liteRows[20_000])
  console.log(
    `PGlite: HTTP at 20,000 types / at 200 types = ${ratio(liteRows[20_000].perSecond, liteRows[200].perSecond)}`,
  );
process.exit(0);
