// The live drop page under a crowd (issue "The drop moment at city scale", item 2): STREAMS signed-out
// visitors hold /api/drop-events open, an admin schedules a drop a few seconds ahead (POST /admin/drops,
// the admin's own form), the app's release timer releases it, and each stream's time from the release
// (drops.released_at, database clock = this machine's clock) to its `drop` event is measured: p50, p99,
// max, how many got it. Reference: a bare Node http server in a child process holding the same number
// of SSE connections, which writes the same bytes ("event: drop\ndata: \n\n") to all of them at a signal
// from this process (measured from the signal). Printed: both distributions and app / bare ratios.
// Every connection is a plain http.request on its own socket from 127.0.0.1; the app runs with
// CLIENT_IP_HEADER=x-real-ip and TRUSTED_PROXIES=127.0.0.0/8 and each connection sends its own
// x-real-ip (198.18.0.0/15, the benchmarking range) as a proxy would, so the per-address cap
// (STREAMS_PER_ADDRESS) does not apply. Needs a build (npx react-router build) and Node 24: `node`
// below is node_modules/.bin/node (the system node may be older), e.g. PATH=node_modules/.bin:$PATH.
//   node bench/event-streams.ts                                   # 5,000 streams, PostgreSQL
//   STREAMS=500 node bench/event-streams.ts                        # a quick run
//   BENCH_DATABASES=postgres,pglite node bench/event-streams.ts    # the embedded database too
//   BENCH_SERVER=postgres://postgres@127.0.0.1:5432/postgres      # where fresh databases are made
// Each stream is one socket in this process and one in the server: the open-file limit must exceed
// STREAMS + a few hundred (`ulimit -n`; raise it with `ulimit -n 65536` in the shell first, the
// hard limit permitting). Loops are bounded: opening gives up after OPEN_TIMEOUT_S (default 300 s),
// waiting for the event after WAIT_TIMEOUT_S (default 60 s).
// Note: the app coalesces drop changes for one second (server/realtime/drop-events.ts COALESCE_MS),
// so its latency contains that deliberate wait; the fan-out spread (each stream's delay after the
// first stream got the event) is printed too, for both servers.
import { execSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request, type ClientRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

import { toZonedInput } from "#shared/zoned-time.ts";

import { openDatabase } from "../server/db/client.ts";
import { freePort, postForm, startInstance, type Instance } from "../tests/support/instances.ts";

const STREAMS = Number(process.env.STREAMS ?? 5_000);
const SERVER = process.env.BENCH_SERVER ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DATABASES = (process.env.BENCH_DATABASES ?? "postgres").split(",").filter(Boolean);
const OPEN_PARALLEL = 50;
const OPEN_TIMEOUT_MS = Number(process.env.OPEN_TIMEOUT_S ?? 300) * 1000;
const WAIT_TIMEOUT_MS = Number(process.env.WAIT_TIMEOUT_S ?? 60) * 1000;
/** How far ahead the drop is scheduled once every stream is open (the server's timer releases it). */
const LEAD_MS = 5_000;
const ZONE = "Europe/Berlin";
const ADMIN = { email: "bench-admin@example.test", password: "bench-admin-pass-1" };
/** The bytes the app writes for a drop change (hono's writeSSE of { event: "drop", data: "" }). */
const DROP_EVENT = "event: drop\ndata: \n\n";
const READY_EVENT = "event: ready\ndata: \nretry: 2000\n\n";

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const limit = Number(execSync("ulimit -n", { shell: "/bin/sh" }).toString().trim());
if (Number.isFinite(limit) && limit < STREAMS + 300) {
  console.error(`ulimit -n is ${limit}: too low for ${STREAMS} streams; run \`ulimit -n ${STREAMS * 2 + 1000}\` first`);
  process.exit(1);
}

/** One visitor's stream: when it opened, every drop event's arrival (epoch ms), the raw bytes seen. */
interface Stream {
  req: ClientRequest;
  ready: boolean;
  drops: number[];
  firstDropBytes?: string;
  error?: string;
}

/** The i-th client address, as a proxy would send it: 198.18.0.0/15 gives 131,072 distinct ones. */
const addressOf = (i: number) => `198.${18 + ((i >> 16) & 1)}.${(i >> 8) & 255}.${i & 255}`;

function openStream(port: number, i: number): Promise<Stream> {
  return new Promise((resolve) => {
    let buffer = "";
    let settled = false;
    const req = request({
      host: "127.0.0.1",
      port,
      path: "/api/drop-events",
      agent: false,
      headers: { accept: "text/event-stream", "x-real-ip": addressOf(i) },
    });
    const stream: Stream = { req, ready: false, drops: [] };
    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timeout);
      resolve(stream);
    };
    const timeout = setTimeout(() => ((stream.error ??= "no ready event in 30 s"), settle()), 30_000);
    req.on("response", (res) => {
      if (res.statusCode !== 200) {
        stream.error = `HTTP ${res.statusCode}`;
        res.resume();
        settle();
        return;
      }
      res.on("data", (chunk: Buffer) => {
        const at = now();
        buffer += chunk.toString("latin1");
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const event = buffer.slice(0, end + 2);
          buffer = buffer.slice(end + 2);
          if (event.startsWith("event: ready")) {
            stream.ready = true;
            settle();
          } else if (event.startsWith("event: drop")) {
            stream.drops.push(at);
            stream.firstDropBytes ??= event;
          }
        }
      });
      res.on("error", () => {});
    });
    req.on("error", (e) => {
      stream.error ??= e.message;
      settle();
    });
    req.end();
  });
}

/** Opens `count` streams, OPEN_PARALLEL at a time, within OPEN_TIMEOUT_MS. */
async function openAll(port: number, count: number) {
  const streams: Stream[] = [];
  const deadline = Date.now() + OPEN_TIMEOUT_MS;
  let next = 0;
  const started = now();
  await Promise.all(
    Array.from({ length: OPEN_PARALLEL }, async () => {
      while (next < count && Date.now() < deadline) streams.push(await openStream(port, next++));
    }),
  );
  const open = streams.filter((s) => s.ready).length;
  const errors = new Map<string, number>();
  for (const s of streams) if (s.error) errors.set(s.error, (errors.get(s.error) ?? 0) + 1);
  console.log(
    `  ${open} of ${count} streams open in ${((now() - started) / 1000).toFixed(1)} s${errors.size ? `; refused/failed: ${[...errors].map(([e, n]) => `${n}× ${e}`).join(", ")}` : ""}`,
  );
  return streams;
}

function closeAll(streams: Stream[]) {
  for (const s of streams) s.req.destroy();
}

/** Waits (bounded) until every open stream has a drop event at or after `from`. */
async function waitForDelivery(streams: Stream[], from: () => number | null) {
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  const open = streams.filter((s) => s.ready);
  while (Date.now() < deadline) {
    const t0 = from();
    if (t0 !== null && open.every((s) => s.drops.some((t) => t >= t0))) return;
    await sleep(100);
  }
}

interface Result {
  open: number;
  delivered: number;
  p50: number;
  p99: number;
  max: number;
  spreadP50: number;
  spreadP99: number;
  bytes?: string;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;

/** Each stream's first drop event at or after t0: latency distribution and fan-out spread. */
function measure(streams: Stream[], t0: number): Result {
  const open = streams.filter((s) => s.ready);
  const latencies: number[] = [];
  let bytes: string | undefined;
  for (const s of open) {
    const at = s.drops.find((t) => t >= t0);
    if (at !== undefined) {
      latencies.push(at - t0);
      bytes ??= s.firstDropBytes;
    }
  }
  latencies.sort((a, b) => a - b);
  const spread = latencies.map((l) => l - latencies[0]);
  return {
    open: open.length,
    delivered: latencies.length,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    spreadP50: quantile(spread, 0.5),
    spreadP99: quantile(spread, 0.99),
    bytes,
  };
}

async function freshPgDatabase() {
  const name = `boonees_bench_streams_${Date.now()}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: SERVER });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const FIGURE = "insert into boonees (name, rarity, status) values ('Bench-Figur', 'Rare', 'Placed') returning id";

/** The app on a fresh database with one figure; the drop is scheduled through the admin's form. */
async function appRun(kind: string): Promise<Result> {
  console.log(`app on ${kind === "postgres" ? "PostgreSQL" : "the embedded database (PGlite)"}, ${STREAMS} streams`);
  const env: Record<string, string> = {
    LOG_LEVEL: "error",
    CLIENT_IP_HEADER: "x-real-ip",
    TRUSTED_PROXIES: "127.0.0.0/8",
    TIME_ZONE: ZONE,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  let figureId: string;
  let releasedAt: () => Promise<number | null>;
  let cleanUp = async () => {};
  let dataDir: string | undefined;
  let pgClient: pg.Client | undefined;
  if (kind === "postgres") {
    const database = await freshPgDatabase();
    env.DATABASE_URL = database.url;
    await (await openDatabase({ databaseUrl: database.url })).close(); // migrations
    pgClient = new pg.Client({ connectionString: database.url });
    await pgClient.connect();
    figureId = (await pgClient.query<{ id: string }>(FIGURE)).rows[0].id;
    const client = pgClient;
    releasedAt = async () =>
      (
        await client.query<{ ms: number | null }>(
          "select (extract(epoch from released_at) * 1000)::float8 as ms from drops",
        )
      ).rows[0]?.ms ?? null;
    cleanUp = async () => {
      await client.end();
      await database.drop();
    };
  } else {
    // one process at a time may open the embedded database: the figure goes in before the app
    // starts, released_at is read after it stopped
    dataDir = mkdtempSync(path.join(tmpdir(), "boonees-bench-streams-"));
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
    figureId = ((await database.pglite!.query<{ id: string }>(FIGURE)).rows[0] as { id: string }).id;
    await database.close();
    releasedAt = async () => null;
    const dir = dataDir;
    cleanUp = async () => rmSync(dir, { recursive: true, force: true });
  }
  let app: Instance | undefined;
  let streams: Stream[] = [];
  try {
    app = await startInstance({ port: await freePort(), dataDir, env, startTimeoutMs: 300_000 });
    const login = await postForm(app.base, "/auth", { intent: "login", email: ADMIN.email, password: ADMIN.password });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.includes("session_token"))
      ?.split(";")[0];
    if (!cookie) throw new Error(`admin login failed: ${login.status}`);
    streams = await openAll(app.port, STREAMS);
    // let the opening settle (the machine is shared), then schedule the drop
    await sleep(2_000);
    const releaseAt = toZonedInput(new Date(Date.now() + LEAD_MS), ZONE);
    const created = await postForm(
      app.base,
      "/admin/drops",
      {
        intent: "create",
        titleDe: "Bench-Drop",
        titleEn: "Bench drop",
        descriptionDe: "",
        descriptionEn: "",
        areaDe: "",
        areaEn: "",
        releaseAt,
        figureIds: figureId,
      },
      cookie,
    );
    if (created.status !== 302)
      throw new Error(`scheduling the drop failed: ${created.status} ${await created.text()}`);
    let t0: number | null = null;
    if (pgClient) {
      // released_at is polled until the timer released the drop (bounded), then the streams are awaited
      const until = Date.now() + WAIT_TIMEOUT_MS + LEAD_MS;
      while (t0 === null && Date.now() < until) {
        t0 = await releasedAt();
        if (t0 === null) await sleep(50);
      }
      await waitForDelivery(streams, () => t0);
    } else {
      // the embedded database cannot be read while the app runs: each stream gets two drop events
      // (the scheduling, then the release); wait for both (bounded), released_at is read afterwards
      const deadline = Date.now() + LEAD_MS + WAIT_TIMEOUT_MS;
      const open = streams.filter((s) => s.ready);
      while (Date.now() < deadline && open.some((s) => s.drops.length < 2)) await sleep(200);
    }
    closeAll(streams);
    await app.stop();
    app = undefined;
    if (!pgClient) {
      const database = await openDatabase({ pgliteDir: path.join(dataDir!, "db") });
      const rows = await database.pglite!.query<{ ms: number | null }>(
        "select (extract(epoch from released_at) * 1000)::float8 as ms from drops",
      );
      t0 = (rows.rows[0] as { ms: number | null } | undefined)?.ms ?? null;
      await database.close();
    }
    if (t0 === null) throw new Error("the drop was not released");
    return measure(streams, t0);
  } finally {
    closeAll(streams);
    await app?.stop();
    await cleanUp();
  }
}

// The reference: one Node process, SSE headers, the ready event on connect, and on "go" (stdin) the
// drop event to every open response.
const BARE_SERVER = `
const responses = new Set();
const server = require("node:http").createServer((req, res) => {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  res.write(${JSON.stringify(READY_EVENT)});
  responses.add(res);
  req.on("close", () => responses.delete(res));
});
server.maxConnections = Infinity;
server.keepAliveTimeout = 0;
server.requestTimeout = 0;
server.headersTimeout = 60000;
process.stdin.setEncoding("utf8");
process.stdin.on("data", (line) => {
  if (line.startsWith("go")) for (const res of responses) res.write(${JSON.stringify(DROP_EVENT)});
});
process.stdin.on("end", () => process.exit(0));
server.listen(Number(process.argv[1]), "127.0.0.1", () => console.log("ready"));`;

async function bareRun(): Promise<Result> {
  console.log(`bare Node http server, ${STREAMS} streams`);
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", BARE_SERVER, String(port)], { stdio: ["pipe", "pipe", "inherit"] });
  await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
  let streams: Stream[] = [];
  try {
    streams = await openAll(port, STREAMS);
    await sleep(2_000);
    const t0 = now();
    child.stdin!.write("go\n");
    await waitForDelivery(streams, () => t0);
    return measure(streams, t0);
  } finally {
    closeAll(streams);
    child.stdin!.end();
    await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));
  }
}

const started = Date.now();
const results: Array<[string, Result]> = [];
for (const kind of DATABASES)
  results.push([kind === "postgres" ? "app, PostgreSQL" : "app, PGlite", await appRun(kind)]);
const bare = await bareRun();
results.push(["bare Node http server", bare]);

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");
console.log(
  `\n${STREAMS} signed-out event streams on /api/drop-events; one run, ${((Date.now() - started) / 1000).toFixed(0)} s; servers, database and this client share the machine`,
);
console.log(
  "| server | streams open | got the drop event | p50 ms | p99 ms | max ms | fan-out spread p50 ms | spread p99 ms |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const [name, r] of results)
  console.log(
    `| ${name} | ${r.open} | ${r.delivered} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${ms(r.spreadP50)} | ${ms(r.spreadP99)} |`,
  );
console.log(
  "(app: from drops.released_at to the event, including the app's deliberate 1 s coalescing of drop changes; bare: from the signal; spread: after the first stream got it)",
);
for (const [name, r] of results.slice(0, -1)) {
  console.log(
    `${name}: p99 / bare p99 = ${(r.p99 / bare.p99).toFixed(1)}×; spread p99 / bare spread p99 = ${(r.spreadP99 / bare.spreadP99).toFixed(1)}×; delivered ${r.delivered}/${r.open} vs bare ${bare.delivered}/${bare.open}`,
  );
  console.log(
    `  ${name}: p99 beyond the 1,000 ms coalescing wait ${ms(r.p99 - 1_000)} ms (bare p99 ${ms(bare.p99)} ms)`,
  );
  if (r.bytes !== undefined && r.bytes !== DROP_EVENT)
    console.log(`  note: the app's drop event bytes differ from the reference's: ${JSON.stringify(r.bytes)}`);
}
process.exit(0);
