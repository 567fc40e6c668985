// Release lag of a drop at 100 and at 100,000 collectors on PostgreSQL (BENCH_DATABASE_URL, default the
// local server; a fresh database is made and dropped): from its release_at to released_at (database
// clock), to the database's drops_changed announcement reaching a listener, and to the public drop
// stream's event (server/realtime/drop-events.ts, which coalesces to one event per second by design).
// The release is made by the real timer (server/realtime/drop-release-timer.ts), as every instance runs
// it. Then the background fan-out of the push / e-mail jobs (not part of the release) is timed, and the
// per-collector insert the release used to make (before decision 024) is timed in a rolled-back
// transaction, for comparison. Prints the ratios 100,000 / 100.
//   node bench/drop-release.ts
//   BENCH_LARGE=1000000 node bench/drop-release.ts
import { sql } from "drizzle-orm";
import pg from "pg";

import { openDatabase, queryRows } from "../server/db/client.ts";
import { fanOutOnce } from "../server/notify/fan-out.ts";
import { createDropEvents } from "../server/realtime/drop-events.ts";
import { startDropReleaseTimer } from "../server/realtime/drop-release-timer.ts";

const server = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const SMALL = 100;
const name = `boonees_bench_drop_${Date.now()}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const url = new URL(server);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });
const db = database.db;

/** Collectors c0000001 … up to `to`: every 10th with e-mail on, every 25th with a phone. */
async function seed(from: number, to: number) {
  await db.execute(
    sql`insert into profiles (id, name, email, created_at) select 'c' || lpad(g::text, 7, '0'), 'C' || g, 'c' || g || '@example.test', now() - interval '1 day' from generate_series(${from}::int, ${to}::int) g`,
  );
  await db.execute(
    sql`insert into notification_settings (user_id, email, unsubscribe_token) select 'c' || lpad(g::text, 7, '0'), 'on', 't' || g from generate_series(${from}::int, ${to}::int) g where g % 10 = 0`,
  );
  await db.execute(
    sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth) select 'c' || lpad(g::text, 7, '0'), 'https://push.example.test/' || g, 'k', 'a' from generate_series(${from}::int, ${to}::int) g where g % 25 = 0`,
  );
  await db.execute(sql`vacuum analyze`);
}

const dropEvents = createDropEvents(database);
let onStream: (() => void) | null = null;
let onNotify: (() => void) | null = null;
const unsubscribeStream = await dropEvents.subscribe(() => onStream?.());
const unlisten = await database.listen("drops_changed", () => onNotify?.());
const stopTimer = await startDropReleaseTimer(database, (e) => console.error(e));

/** Schedules a one-figure drop 3 s ahead and waits for the timer to release it; returns the lags in ms. */
async function releaseLag(label: string) {
  const [b] = await queryRows<{ id: string }>(
    db,
    sql`insert into boonees (name, rarity, status) values (${`B ${label}`}, 'Common', 'Hidden') returning id`,
  );
  const [drop] = await queryRows<{ id: string; release_at: Date }>(
    db,
    sql`insert into drops (title_de, title_en, release_at) values (${label}, ${label}, date_trunc('milliseconds', now()) + interval '3 seconds') returning id, release_at`,
  );
  await db.execute(
    sql`insert into drop_figures (drop_id, boonee_id, previous_status) values (${drop.id}, ${b.id}, 'Placed')`,
  );
  const releaseAt = new Date(drop.release_at).getTime();
  // the insert above was announced too: wait for that event to pass before watching for the release
  await new Promise((r) => setTimeout(r, 1_500));
  const notified = new Promise<number>((resolve) => (onNotify = () => resolve(Date.now())));
  const streamed = new Promise<number>((resolve) => (onStream = () => resolve(Date.now())));
  const [notifyAt, streamAt] = await Promise.all([notified, streamed]);
  onNotify = onStream = null;
  const [row] = await queryRows<{ lag: number }>(
    db,
    sql`select extract(epoch from (released_at - release_at)) * 1000 as lag from drops where id = ${drop.id}`,
  );
  if (row.lag == null) throw new Error("not released");
  return { released: Number(row.lag), notified: notifyAt - releaseAt, stream: streamAt - releaseAt };
}

async function fanOutTime() {
  const t0 = performance.now();
  let batches = 0;
  while (await fanOutOnce(db)) batches++;
  const [jobs] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from delivery_jobs`);
  return { ms: performance.now() - t0, batches, jobs: jobs.n };
}

/** What the release cost before decision 024: one notification row per collector, in its transaction. */
async function perCollectorInsert() {
  const t0 = performance.now();
  await db
    .transaction(async (tx) => {
      await tx.execute(
        sql`insert into notifications (user_id, title, message, type, link) select id, 't', 'm', 'drop', '/drops/x' from profiles where deleted_at is null and blocked_at is null`,
      );
      throw new Error("rollback");
    })
    .catch(() => {});
  return performance.now() - t0;
}

const results: Record<
  number,
  {
    released: number;
    notified: number;
    stream: number;
    fanOut: { ms: number; batches: number; jobs: number };
    before: number;
  }
> = {};
await seed(1, SMALL);
for (const [n, from] of [
  [SMALL, 0],
  [LARGE, SMALL + 1],
] as const) {
  if (from) await seed(from, n);
  await db.execute(sql`delete from delivery_jobs`);
  const lag = await releaseLag(`Drop ${n}`);
  results[n] = { ...lag, fanOut: await fanOutTime(), before: await perCollectorInsert() };
}
await stopTimer();
await unlisten();
unsubscribeStream();
await dropEvents.close();

const fmt = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`;
console.log(`drop release lag on PostgreSQL (release_at → …), ${SMALL} vs ${LARGE.toLocaleString("en")} collectors`);
for (const n of [SMALL, LARGE]) {
  const r = results[n];
  console.log(
    `${n.toLocaleString("en").padStart(9)} collectors: released ${fmt(r.released)}   drops_changed heard ${fmt(r.notified)}   public drop stream event ${fmt(r.stream)}` +
      `   | background fan-out ${fmt(r.fanOut.ms)} (${r.fanOut.batches} batches, ${r.fanOut.jobs} jobs)   | old per-collector insert ${fmt(r.before)}`,
  );
}
const ratio = (k: "released" | "notified" | "stream") => (results[LARGE][k] / results[SMALL][k]).toFixed(2);
console.log(
  `ratio ${LARGE.toLocaleString("en")} / ${SMALL}: released ${ratio("released")}, drops_changed heard ${ratio("notified")}, drop stream event ${ratio("stream")}`,
);

await database.close();
const dropper = new pg.Client({ connectionString: server });
await dropper.connect();
await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await dropper.end();
