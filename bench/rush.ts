// The whole drop moment on two instances behind one local proxy (TCP round-robin, bench/rush-proxy.ts),
// PostgreSQL (docs/decisions/057):
// COLLECTORS collectors (seeded with generate_series, bench/seed-catalogue.ts) in a catalogue of
// FIGURES figures, STREAMS open drop pages (signed-out event streams), a drop of DROP_FIGURES figures
// released by the app's timer, FINDERS signed-in finders trying codes for CLAIM_SECONDS from the
// release (right codes, wrong codes, RACERS finders racing for each drop figure, codes already
// taken), and the push / e-mail deliveries to every opted-in collector (every PUSH_EVERY-th has a
// phone, every MAIL_EVERY-th e-mail on) through local sinks (bench/rush-sinks.ts). Each number is
// measured against a reference in the same run:
//   release lag       vs the same release statement fired by a bare timer in this process
//   streams "live"    vs a bare Node SSE server with as many streams (bench/rush-streams.ts)
//   claims            vs pgbench on ../shared/bench/claim-reference.pgbench, CLAIM_CLIENTS clients, on a
//                     copy of the database made before the app started, as many claims as were won
//   deliveries        vs the bare web-push/nodemailer script of bench/deliveries.ts (--reference), same
//                     messages, same concurrency (DELIVERY_CONCURRENCY, the app's setting)
// and checks that nothing is lost or doubled (streams without the event, claims answered as won but
// not stored or stored twice, races with more than one winner, messages missing or sent twice).
// Also the instances' memory and CPU per 1,000 open pages and per claim (docs/deploy.md's sizing).
// Needs a build (BUILD_DIR, default build/), pgbench, `ulimit -n` above 2 × STREAMS + 1,000.
//   node bench/rush.ts                                                   # the full moment (~6 min)
//   COLLECTORS=10000 FIGURES=5000 STREAMS=300 FINDERS=200 CLAIM_SECONDS=10 DELIVERY_EVERY=… node bench/rush.ts
// Options: COLLECTORS (100,000), FIGURES (60,000), TYPES (200), STREAMS (5,000), DROP_FIGURES (50),
// FINDERS (2,000), CLAIM_SECONDS (60), CLAIM_CLIENTS (50), RACERS (4), PUSH_EVERY (20), MAIL_EVERY (20),
// DELIVERY_CONCURRENCY (the app's default), DATABASE_POOL_SIZE (the app's default), RUSH_PORT_BASE (5671: proxy, two instances, bare SSE, push
// sink, SMTP sink; 5672 skipped), RUSH_APP_NODE_OPTIONS (the instances' NODE_OPTIONS, e.g. --cpu-prof), RUSH_DB (rush_bench; RUSH_DB_ref is the reference copy), BENCH_SERVER, RUSH_KEEP=1.
import { execFile, execSync, spawn, type ChildProcess } from "node:child_process";
import { createECDH, createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import webpush from "web-push";

import { openDatabase } from "../server/db/client.ts";
import { startInstance, type Instance } from "../tests/support/instances.ts";
import { databaseCpuMs, usageOf } from "./process-usage.ts";
import { lostAndDoubled, startSinks } from "./rush-sinks.ts";
import { bareStreams, closeStreams, openStreams, streamLatency, waitForEvent, type Stream } from "./rush-streams.ts";
import { seedCatalogue } from "./seed-catalogue.ts";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const COLLECTORS = num("COLLECTORS", 100_000);
const FIGURES = num("FIGURES", 60_000);
const TYPES = num("TYPES", 200);
const STREAMS = num("STREAMS", 5_000);
const DROP_FIGURES = num("DROP_FIGURES", 50);
const FINDERS = num("FINDERS", 2_000);
const CLAIM_SECONDS = num("CLAIM_SECONDS", 60);
const CLIENTS = num("CLAIM_CLIENTS", 50);
const RACERS = num("RACERS", 4);
const PUSH_EVERY = num("PUSH_EVERY", 20);
const MAIL_EVERY = num("MAIL_EVERY", 20);
const CONCURRENCY = process.env.DELIVERY_CONCURRENCY;
const PORT = num("RUSH_PORT_BASE", 5671);
const DB = process.env.RUSH_DB ?? "rush_bench";
const SERVER = process.env.BENCH_SERVER ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET = randomBytes(24).toString("hex");
const LEAD_MS = 4_000;
const referenceFile =
  process.env.CLAIM_REFERENCE ?? path.join(import.meta.dirname, "../../shared/bench/claim-reference.pgbench");

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const limit = Number(execSync("ulimit -n", { shell: "/bin/sh" }).toString().trim());
if (Number.isFinite(limit) && limit < 2 * STREAMS + 1_000) {
  console.error(`ulimit -n is ${limit}: too low for ${STREAMS} streams`);
  process.exit(1);
}

function urlOf(name: string) {
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  return url.toString();
}
async function onServer(statement: string) {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}

/** Both instances together, and the database's backends for this database. */
async function snapshot(apps: Instance[], client: pg.Client, proxy?: ChildProcess) {
  const mine = apps.map((a) => usageOf(a.child.pid));
  return {
    at: now(),
    proxyCpuMs: usageOf(proxy?.pid).cpuMs,
    cpuMs: mine.reduce((s, u) => s + u.cpuMs, 0),
    rssMb: mine.reduce((s, u) => s + u.rssMb, 0),
    dbCpuMs: await databaseCpuMs(client),
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** The proxy (bench/rush-proxy.ts) in its own process. */
async function startProxy(port: number, targets: number[]) {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, "rush-proxy.ts"), String(port), ...targets.map(String)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
  return child;
}

async function seed(client: pg.Client, sinkBase: string) {
  await seedCatalogue(client, { figures: FIGURES, users: COLLECTORS, types: TYPES });
  // a phone for every PUSH_EVERY-th collector (real P-256 keys, so web-push really encrypts; 100 distinct)
  const keys = Array.from({ length: 100 }, () => createECDH("prime256v1").generateKeys().toString("base64url"));
  const auths = Array.from({ length: 100 }, () => randomBytes(16).toString("base64url"));
  await client.query(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth, language)
     select 'bench-user-' || g, $1 || g, ($2::text[])[1 + g % 100], ($3::text[])[1 + g % 100], case when g % 2 = 0 then 'en' else 'de' end
     from generate_series(1, $4::int) g where g % $5::int = 0`,
    [`${sinkBase}/push/`, keys, auths, COLLECTORS, PUSH_EVERY],
  );
  await client.query(
    `insert into notification_settings (user_id, language, email, unsubscribe_token)
     select 'bench-user-' || g, case when g % 2 = 0 then 'de' else 'en' end, 'on', md5(random()::text) || md5(g::text)
     from generate_series(1, $1::int) g where g % $2::int = $2::int / 2`,
    [COLLECTORS, MAIL_EVERY],
  );
  // the drop's figures: hidden until the release, each with its code
  await client.query(
    `insert into boonees (id, name, rarity, status) select md5('drop' || g)::uuid, 'Drop-Figur ' || g, 'Rare', 'Hidden' from generate_series(1, $1::int) g`,
    [DROP_FIGURES],
  );
  await client.query(
    `insert into tags (boonee_id, secret_code) select md5('drop' || g)::uuid, 'DROP' || lpad(g::text, 6, '0') from generate_series(1, $1::int) g`,
    [DROP_FIGURES],
  );
  // the finders: signed in (a stored session and its signed cookie, as Better Auth signs it)
  await client.query(
    `insert into sessions (id, user_id, token, expires_at)
     select 'rush-' || n, id, md5(id || $2), now() + interval '7 days' - interval '1 hour'
     from (select id, row_number() over (order by id) as n from profiles where deleted_at is null order by id limit $1) f`,
    [FINDERS, SECRET],
  );
  await client.query("vacuum analyze");
}

async function finderCookies(client: pg.Client) {
  const rows = (
    await client.query<{ user_id: string; token: string }>(
      "select user_id, token from sessions where id like 'rush-%' order by user_id",
    )
  ).rows;
  return rows.map((r) => {
    const signature = createHmac("sha256", SECRET).update(r.token).digest("base64");
    return { userId: r.user_id, cookie: `boonees.session_token=${encodeURIComponent(`${r.token}.${signature}`)}` };
  });
}

interface Attempt {
  code: string;
  kind: "race" | "right" | "wrong" | "taken";
  finder: number;
  outcome?: "won" | "mine" | number;
}

/** Races first (right at the release), then right codes with a wrong one and a taken one in every 20. */
function attempts(freeCodes: string[]) {
  const list: Attempt[] = [];
  const dropCode = (j: number) => `DROP${String(j + 1).padStart(6, "0")}`;
  for (let j = 0; j < DROP_FIGURES; j++)
    for (let r = 0; r < RACERS; r++) list.push({ code: dropCode(j), kind: "race", finder: (j * RACERS + r) % FINDERS });
  let k = list.length;
  for (const code of freeCodes) {
    if (k % 20 === 0)
      list.push({
        code: `W${createHmac("sha256", "w").update(String(k)).digest("hex").slice(0, 11).toUpperCase()}`,
        kind: "wrong",
        finder: k % FINDERS,
      });
    else if (k % 20 === 10) list.push({ code: dropCode(k % DROP_FIGURES), kind: "taken", finder: (k * 7) % FINDERS });
    list.push({ code, kind: "right", finder: k % FINDERS });
    k++;
  }
  return list;
}

/** CLAIM_SECONDS of claims through the proxy, CLIENTS connections, each request one attempt. */
async function claimMinute(base: string, list: Attempt[], finders: Array<{ cookie: string }>) {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: CLIENTS,
    duration: CLAIM_SECONDS,
    timeout: 60,
    requests: [
      {
        setupRequest: (req, context) => {
          const attempt = list[Math.min(next++, list.length - 1)];
          context.attempt = attempt;
          const [a, b] = [(attempt.finder >> 8) & 255, attempt.finder & 255];
          return {
            ...req,
            method: "POST",
            path: `/c/${attempt.code}`,
            headers: {
              origin: base,
              "content-type": "application/x-www-form-urlencoded",
              cookie: finders[attempt.finder].cookie,
              "x-real-ip": `10.${a}.${b}.7`,
              "accept-encoding": "gzip",
            },
            body: "intent=claim",
          };
        },
        onResponse: (status, _body, context, headers) => {
          const attempt = context.attempt as Attempt;
          const location = String(headers?.location ?? headers?.Location ?? "");
          attempt.outcome = status === 303 ? (location.startsWith("/claimed/") ? "won" : "mine") : status;
        },
      },
    ],
  });
  return { result, sent: list.slice(0, Math.min(next, list.length)) };
}

/** pgbench on the reference claim SQL, on the copy made before the app started (as claim-scale.ts does). */
async function referenceClaims(url: string, transactions: number) {
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
    await client.query("create sequence bench_seq start 1");
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
  const u = new URL(url);
  const perClient = String(Math.max(1, Math.ceil(transactions / CLIENTS)));
  const args = ["-n", "-c", String(CLIENTS), "-j", "2", "-t", perClient, "-f", referenceFile];
  const { stdout } = await promisify(execFile)(
    "pgbench",
    [...args, "-h", u.hostname, "-p", u.port || "5432", "-U", u.username || "postgres", u.pathname.slice(1)],
    { maxBuffer: 10 * 1024 * 1024 },
  );
  return {
    tps: Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN),
    latencyMs: Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1] ?? NaN),
    failed: Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0),
  };
}

/** The reference release: the app's deciding statement fired by a bare timer at release_at. */
async function bareRelease(client: pg.Client) {
  await client.query(
    "insert into boonees (id, name, rarity, status) values (md5('bare-release')::uuid, 'Bare', 'Common', 'Hidden')",
  );
  const { id, wait } = (
    await client.query<{ id: string; wait: number }>(
      `insert into drops (title_de, title_en, release_at) values ('Bare', 'Bare', now() + interval '2 seconds')
       returning id, (extract(epoch from release_at - now()) * 1000)::float8 as wait`,
    )
  ).rows[0];
  await client.query(
    "insert into drop_figures (drop_id, boonee_id, previous_status) values ($1, md5('bare-release')::uuid, 'Placed')",
    [id],
  );
  await sleep(wait);
  await client.query("begin");
  await client.query(
    "update drops set released_at = now() where id = $1 and released_at is null and cancelled_at is null and release_at <= now()",
    [id],
  );
  await client.query(
    "update boonees set status = 'Placed' where id in (select boonee_id from drop_figures where drop_id = $1) and owner_id is null",
    [id],
  );
  await client.query("commit");
  const lag = (
    await client.query<{ ms: number }>(
      "select (extract(epoch from released_at - release_at) * 1000)::float8 as ms from drops where id = $1",
      [id],
    )
  ).rows[0].ms;
  // out of the way of the app: the bare drop and its figure go
  await client.query("delete from drops where id = $1", [id]);
  await client.query("delete from boonees where id = md5('bare-release')::uuid");
  return lag;
}

async function deliveryReference(
  client: pg.Client,
  sinks: Awaited<ReturnType<typeof startSinks>>,
  vapid: { publicKey: string; privateKey: string },
  publicUrl: string,
  smtpUrl: string,
  concurrency: number,
) {
  const [job] = (await client.query("select id, title, message, link from delivery_jobs limit 1")).rows;
  const messages = (
    await client.query(
      `select j.channel::text as channel, coalesce(j.notification_id, j.id) as "notificationId", p.endpoint, p.p256dh, p.auth, coalesce(p.language, s.language) as language,
              pr.email, s.unsubscribe_token as token
       from delivery_jobs j join profiles pr on pr.id = j.user_id
       left join push_subscriptions p on j.channel = 'push' and p.user_id = j.user_id
       left join notification_settings s on s.user_id = j.user_id
       order by j.sent_at nulls last, j.id`,
    )
  ).rows;
  const dir = mkdtempSync(path.join(tmpdir(), "rush-deliveries-"));
  const file = path.join(dir, "reference.json");
  writeFileSync(file, JSON.stringify({ vapid, publicUrl, smtpUrl, job, messages }));
  sinks.reset();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "deliveries.ts"), "--reference", file], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, REFERENCE_CONCURRENCY: String(concurrency) },
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = Date.now() + 120_000;
  while (!out.includes("ready") && Date.now() < ready && child.exitCode === null) await sleep(50);
  const t0 = now();
  child.stdin!.write("go\n");
  await exited;
  rmSync(dir, { recursive: true, force: true });
  const end = Math.max(sinks.counts.push.last, sinks.counts.email.last);
  return { messages: messages.length, perSecond: messages.length / ((end - t0) / 1000), counts: { ...sinks.counts } };
}

async function main() {
  const started = Date.now();
  const loadAtStart = load();
  // +1 is skipped: 5672 is AMQP's port, taken on this machine
  const [proxyPort, appA, appB, barePort, pushPort, smtpPort] = [0, 2, 3, 4, 5, 6].map((i) => PORT + i);
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const sinks = await startSinks(pushPort, smtpPort);
  const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
  log(`load ${loadAtStart}; seeding ${COLLECTORS} collectors, ${FIGURES} figures into ${DB}`);
  await onServer(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await onServer(`DROP DATABASE IF EXISTS ${DB}_ref WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${DB}`);
  const url = urlOf(DB);
  await (await openDatabase({ databaseUrl: url })).close(); // migrations
  let client = new pg.Client({ connectionString: url });
  await client.connect();
  await seed(client, `http://127.0.0.1:${pushPort}`);
  const freeCodes = (
    await client.query<{ code: string }>(`select t.secret_code as code from boonees b join tags t on t.boonee_id = b.id
      where b.owner_id is null and b.status = 'Placed' and not t.is_claimed order by md5(b.id::text)`)
  ).rows.map((r) => r.code);
  const finders = await finderCookies(client);
  const expected = (
    await client.query<{ push: number; email: number }>(`select
      (select count(*)::int from push_subscriptions s join profiles p on p.id = s.user_id where p.deleted_at is null) as push,
      (select count(*)::int from notification_settings s join profiles p on p.id = s.user_id where p.deleted_at is null and s.email = 'on') as email`)
  ).rows[0];
  const releaseReference = await bareRelease(client);
  await client.end();
  await onServer(`CREATE DATABASE ${DB}_ref TEMPLATE ${DB}`);
  client = new pg.Client({ connectionString: url });
  await client.connect();
  log(
    `seeded in ${((Date.now() - started) / 1000).toFixed(0)} s; ${freeCodes.length} free codes, ${finders.length} finders; bare release lag ${releaseReference.toFixed(1)} ms`,
  );

  const vapid = webpush.generateVAPIDKeys();
  const env = {
    DATABASE_URL: url,
    LOG_LEVEL: "error",
    SESSION_SECRET: SECRET,
    CLIENT_IP_HEADER: "x-real-ip",
    TRUSTED_PROXIES: "127.0.0.0/8",
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PUSH_ALLOW_HTTP: "1",
    PUSH_TEST_HOSTS: "127.0.0.1",
    SMTP_URL: smtpUrl,
    ...(CONCURRENCY ? { DELIVERY_CONCURRENCY: CONCURRENCY } : {}),
    // e.g. DATABASE_POOL_SIZE=3 to see the instances under more pressure for connections than the default 20
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    // e.g. RUSH_APP_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile both instances
    ...(process.env.RUSH_APP_NODE_OPTIONS ? { NODE_OPTIONS: process.env.RUSH_APP_NODE_OPTIONS } : {}),
  };
  let apps: Instance[] = [];
  let proxy: ChildProcess | undefined;
  let streams: Stream[] = [];
  try {
    const starting = await Promise.allSettled(
      [appA, appB].map((port) => startInstance({ port, publicUrl, env, startTimeoutMs: 300_000 })),
    );
    apps = starting.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    for (const s of starting) if (s.status === "rejected") throw s.reason;
    proxy = await startProxy(proxyPort, [appA, appB]);
    const warm = freeCodes.splice(freeCodes.length - 40, 40);
    await warmUp(apps, publicUrl, warm, finders);
    const idle = await snapshot(apps, client, proxy);
    log(`two instances and the proxy up; opening ${STREAMS} drop pages`);
    streams = await openStreams(proxyPort, STREAMS);
    await sleep(2_000);
    const withStreams = await snapshot(apps, client, proxy);
    log(
      `${streams.filter((s) => s.ready).length} streams open; the drop is released in ${LEAD_MS / 1000} s (load ${load()})`,
    );

    const drop = (
      await client.query<{ id: string }>(
        `insert into drops (title_de, title_en, release_at) values ('Rush-Drop', 'Rush drop', now() + make_interval(secs => $1::float8 / 1000)) returning id`,
        [LEAD_MS],
      )
    ).rows[0].id;
    await client.query(
      "insert into drop_figures (drop_id, boonee_id, previous_status) select $1, md5('drop' || g)::uuid, 'Placed' from generate_series(1, $2::int) g",
      [drop, DROP_FIGURES],
    );
    let t0: number | null = null;
    const releaseDeadline = Date.now() + LEAD_MS + 30_000;
    while (t0 === null && Date.now() < releaseDeadline) {
      await sleep(20);
      t0 = (
        await client.query<{ ms: number | null }>(
          "select (extract(epoch from released_at) * 1000)::float8 as ms from drops where id = $1",
          [drop],
        )
      ).rows[0].ms;
    }
    if (t0 === null) throw new Error("the drop was not released");
    const released = t0;
    const beforeClaims = await snapshot(apps, client, proxy);
    const releaseLag = (
      await client.query<{ ms: number }>(
        "select (extract(epoch from released_at - release_at) * 1000)::float8 as ms from drops where id = $1",
        [drop],
      )
    ).rows[0].ms;
    log(`released (lag ${releaseLag.toFixed(1)} ms); ${CLAIM_SECONDS} s of claims by ${FINDERS} finders`);
    const list = attempts(freeCodes);
    const live = waitForEvent(streams, released, 60_000).then(() => snapshot(apps, client, proxy));
    const { result, sent } = await claimMinute(publicUrl, list, finders);
    const afterClaims = await snapshot(apps, client, proxy);
    const liveAt = await live;
    const streamResult = streamLatency(streams, released);
    log(`claims done (load ${load()}); waiting for the deliveries`);
    // every job of the drop (the fan-out queues them while the claims run) must reach its sink
    const deliveryDeadline = Date.now() + 300_000;
    let dropJobs: Array<{ channel: "push" | "email"; key: string }> = [];
    while (Date.now() < deliveryDeadline) {
      dropJobs = (
        await client.query<{ channel: "push" | "email"; key: string }>(
          "select channel::text as channel, replace(coalesce(notification_id, id)::text, '-', '') as key from delivery_jobs where drop_id = $1",
          [drop],
        )
      ).rows;
      if (
        dropJobs.length >= expected.push + expected.email &&
        dropJobs.every((j) => sinks.counts[j.channel].byKey.has(j.key))
      )
        break;
      await sleep(250);
    }
    await sleep(1_000); // anything sent twice would arrive now
    const appDeliveries = { push: sinks.counts.push, email: sinks.counts.email };
    const afterDeliveries = await snapshot(apps, client, proxy);
    const jobs = (
      await client.query<{ status: string; n: number }>(
        "select status::text, count(*)::int as n from delivery_jobs group by status order by status",
      )
    ).rows;
    closeStreams(streams);
    streams = [];

    // what the database holds: every won claim stored once, by its finder; one winner per drop figure;
    // nothing stored that was not won (but for the requests still in flight when the minute ended)
    const won = sent.filter((a) => a.outcome === "won");
    const stored = (
      await client.query<{ code: string; user_id: string }>(
        `select t.secret_code as code, c.user_id from claims c join tags t on t.boonee_id = c.boonee_id
         where c.claimed_at >= to_timestamp($1::float8 / 1000)`,
        [released],
      )
    ).rows;
    const storedBy = new Map(stored.map((r) => [r.code, r.user_id]));
    const unanswered = new Set(sent.filter((a) => a.outcome === undefined).map((a) => a.code));
    const wonCodes = new Set(won.map((a) => a.code));
    const claimsLost = won.filter((a) => storedBy.get(a.code) !== finders[a.finder].userId).length;
    const claimsExtra = stored.filter((r) => !wonCodes.has(r.code) && !unanswered.has(r.code)).length;
    const inFlightStored = stored.filter((r) => !wonCodes.has(r.code) && unanswered.has(r.code)).length;
    const twice = (
      await client.query<{ n: number }>(
        "select count(*)::int as n from (select boonee_id from claims group by boonee_id having count(*) > 1) d",
      )
    ).rows[0].n;
    const dropOwned = (
      await client.query<{ n: number }>(
        "select count(*)::int as n from boonees where id in (select boonee_id from drop_figures where drop_id = $1) and owner_id is not null",
        [drop],
      )
    ).rows[0].n;
    const winnersPerDropCode = new Map<string, number>();
    for (const a of won)
      if (a.kind === "race" || a.kind === "taken")
        winnersPerDropCode.set(a.code, (winnersPerDropCode.get(a.code) ?? 0) + 1);
    const racesWonTwice = [...winnersPerDropCode.values()].filter((n) => n > 1).length;
    const outcomes = new Map<string, number>();
    for (const a of sent)
      outcomes.set(`${a.kind} → ${a.outcome ?? "none"}`, (outcomes.get(`${a.kind} → ${a.outcome ?? "none"}`) ?? 0) + 1);

    // a server error in the claim minute: what the instances logged (LOG_LEVEL=error), to find the cause
    if (sent.some((a) => typeof a.outcome === "number" && a.outcome >= 500))
      for (const app of apps) console.log(`instance ${app.port} logged:\n${app.output().slice(-3_000)}`);
    for (const app of apps) await app.stop();
    apps = [];
    proxy.kill("SIGTERM");
    proxy = undefined;

    // the references, each alone
    log("references: bare SSE server, pgbench on the reference claim, the bare delivery script");
    const bare = await bareStreams(barePort, STREAMS, 60_000);
    const reference = await referenceClaims(urlOf(`${DB}_ref`), won.length);
    const concurrency = Number(CONCURRENCY ?? defaultConcurrency());
    const bareDeliveries = await deliveryReference(client, sinks, vapid, publicUrl, smtpUrl, concurrency);

    // report
    const claimSeconds = result.duration;
    const attemptsPerSecond = sent.filter((a) => a.outcome !== undefined).length / claimSeconds;
    const wonPerSecond = won.length / claimSeconds;
    const deliveryEnd = Math.max(appDeliveries.push.last, appDeliveries.email.last);
    const appMessages = appDeliveries.push.count + appDeliveries.email.count;
    const appDeliveryRate = appMessages / ((deliveryEnd - released) / 1000);
    const keysOf = (channel: string) => dropJobs.filter((j) => j.channel === channel).map((j) => j.key);
    const pushCheck = lostAndDoubled(appDeliveries.push, keysOf("push"));
    const mailCheck = lostAndDoubled(appDeliveries.email, keysOf("email"));
    const f = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "–");
    const perK = (x: number) => (x / STREAMS) * 1000;
    console.log(`\n## The drop moment (bench/rush.ts), one run, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    console.log(
      `${COLLECTORS} collectors, ${FIGURES} figures, ${STREAMS} open drop pages, a drop of ${DROP_FIGURES}, ${FINDERS} finders over ${CLIENTS} connections for ${CLAIM_SECONDS} s, ${expected.push} pushes + ${expected.email} mails; two instances behind one proxy; load average at start ${loadAtStart}, at end ${load()}`,
    );
    console.log("| what | app | reference (same run) | ratio |");
    console.log("|---|---|---|---|");
    console.log(
      `| release lag (release_at → released_at) | ${f(releaseLag, 1)} ms | ${f(releaseReference, 1)} ms, the deciding statements from a bare timer | ${f(releaseLag / releaseReference, 2)}× |`,
    );
    console.log(
      `| every open page "live": p50 / p99 / max from released_at | ${f(streamResult.p50)} / ${f(streamResult.p99)} / ${f(streamResult.max)} ms | ${f(bare.p50)} / ${f(bare.p99)} / ${f(bare.max)} ms, bare SSE server | p99 ${f(streamResult.p99 / bare.p99, 1)}× (${f(streamResult.p99 - 1000)} ms beyond the 1 s coalescing) |`,
    );
    console.log(
      `| claims: attempts answered per second (all kinds) | ${f(attemptsPerSecond, 1)}/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms | ${f(reference.tps, 1)} tps, pgbench -c ${CLIENTS} on claim-reference.pgbench (latency avg ${f(reference.latencyMs, 1)} ms, ${reference.failed} failed) | **${f(attemptsPerSecond / reference.tps, 2)}** |`,
    );
    console.log(
      `| claims: won per second | ${f(wonPerSecond, 1)}/s | ${f(reference.tps, 1)} tps | ${f(wonPerSecond / reference.tps, 2)} |`,
    );
    console.log(
      `| deliveries: messages/s from the release to the last | ${f(appDeliveryRate, 1)}/s (${appMessages} messages) | ${f(bareDeliveries.perSecond, 1)}/s (${bareDeliveries.messages}), bare web-push/nodemailer, ${concurrency} at a time | **${f(appDeliveryRate / bareDeliveries.perSecond, 2)}** |`,
    );
    console.log("\nLost or doubled (all must be 0):");
    console.log(
      `- open pages without the drop event: ${streamResult.lost} of ${streamResult.open} (${streamResult.failed} failed to open); bare: ${bare.lost} of ${bare.open}`,
    );
    console.log(
      `- claims answered as won (${won.length}) but not stored for their finder: ${claimsLost}; stored but never won: ${claimsExtra} (besides ${inFlightStored} stored for requests still in flight when the minute ended); figures with two claim rows: ${twice}`,
    );
    console.log(
      `- drop figures won by more than one finder: ${racesWonTwice}; drop figures owned: ${dropOwned} of ${DROP_FIGURES}`,
    );
    console.log(
      `- pushes: ${pushCheck.lost} lost, ${pushCheck.doubled} doubled (${keysOf("push").length} drop jobs, ${expected.push} phones); mails: ${mailCheck.lost} lost, ${mailCheck.doubled} doubled (${keysOf("email").length} drop jobs, ${expected.email} addresses); all messages including the finders' own: ${appDeliveries.push.count + appDeliveries.email.count}; jobs: ${jobs.map((j) => `${j.n} ${j.status}`).join(", ")}`,
    );
    console.log(
      `- autocannon: ${result.errors} errors, ${result.timeouts} timeouts; outcomes: ${[...outcomes].map(([k, n]) => `${n} ${k}`).join(", ")}`,
    );
    const cpu = (a: Snapshot, b: Snapshot) => b.cpuMs - a.cpuMs;
    console.log("\nCost (both instances together; PostgreSQL backends of this database beside):");
    console.log(
      `- memory: ${f(idle.rssMb)} MB idle after warm-up, ${f(withStreams.rssMb)} MB with ${STREAMS} pages open: ${f(perK(withStreams.rssMb - idle.rssMb), 1)} MB per 1,000 open pages`,
    );
    console.log(
      `- CPU to open the pages: ${f(perK(cpu(idle, withStreams)))} ms per 1,000; to tell them all "live": ${f(perK(cpu(beforeClaims, liveAt)))} ms per 1,000 (claims running meanwhile)`,
    );
    const claimCpu = cpu(beforeClaims, afterClaims);
    const answered = sent.filter((a) => a.outcome !== undefined).length;
    console.log(
      `- the claim minute: app ${f(claimCpu / answered, 2)} ms CPU per attempt, PostgreSQL ${f((afterClaims.dbCpuMs - beforeClaims.dbCpuMs) / answered, 2)} ms (deliveries and the pages' event included): 100 attempts/s take ${f(claimCpu / answered / 10, 2)} cores of app and ${f((afterClaims.dbCpuMs - beforeClaims.dbCpuMs) / answered / 10, 2)} of PostgreSQL; the TCP proxy ${f((afterClaims.proxyCpuMs - beforeClaims.proxyCpuMs) / answered, 2)} ms per attempt`,
    );
    console.log(`- after the claims until the last delivery: app ${f(cpu(afterClaims, afterDeliveries))} ms CPU`);
  } finally {
    closeStreams(streams);
    for (const app of apps) await app.stop();
    proxy?.kill("SIGTERM");
    await client.end();
    await sinks.close();
    if (process.env.RUSH_KEEP !== "1") {
      await onServer(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
      await onServer(`DROP DATABASE IF EXISTS ${DB}_ref WITH (FORCE)`);
    }
  }
  process.exit(0);
}

/** The app's delivery concurrency when DELIVERY_CONCURRENCY is not set (server/config.ts's default). */
function defaultConcurrency() {
  const source = readFileSync(path.join(import.meta.dirname, "../server/config.ts"), "utf8");
  return Number(/DELIVERY_CONCURRENCY:[^\n]*default\((\d+)\)/.exec(source)?.[1] ?? 8);
}

/**
 * Warms each instance up, straight on its port (not measured): claims of codes nobody else uses, and
 * the pages a wrong code and a lost race render, so the first minute does not load their modules.
 */
async function warmUp(apps: Instance[], publicUrl: string, codes: string[], finders: Array<{ cookie: string }>) {
  const post = (app: Instance, code: string, i: number) =>
    fetch(`${app.base}/c/${code}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: publicUrl,
        "content-type": "application/x-www-form-urlencoded",
        cookie: finders[finders.length - 1 - (i % 10)].cookie,
        "x-real-ip": `10.255.${i}.9`,
      },
      body: "intent=claim",
    }).then((r) => r.arrayBuffer());
  for (const [i, code] of codes.entries()) {
    const app = apps[i % apps.length];
    await post(app, code, i);
    await post(app, code, i + 1); // taken by another finder now: the lost-race page
    if (i < 4) await post(app, `WARM${i}X7Q2Z`, i + 2); // a wrong code
  }
}

await main();
