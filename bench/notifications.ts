// p95 of the unread-count query and the exclusive feed for a user with 1,000 notifications (200,000
// in all) and 10 figures, 50,000 feed items (BENCH_ITEMS), on PostgreSQL (BENCH_DATABASE_URL, default
// the local server; a fresh database is made and dropped). Target: both under 10 ms p95.
//   node bench/notifications.ts

import { sql } from "drizzle-orm";
import pg from "pg";

import { openDatabase } from "../server/db/client.ts";
import { getExclusiveFeed } from "../server/domain/broadcasts/exclusive-feed.ts";
import { countUnread } from "../server/realtime/hub.ts";

const server = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `boonees_bench_notes_${Date.now()}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const url = new URL(server);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });
const db = database.db;

// 2,000 users with 1,000 notifications each would be 2M rows; 200 users × 1,000 is enough for the planner.
await db.execute(
  sql`insert into profiles (id, name, email) select 'u' || g, 'U' || g, 'u' || g || '@example.test' from generate_series(1, 200) g`,
);
await db.execute(sql`insert into notifications (user_id, title, message, type, read)
  select 'u' || (1 + g % 200), 'n', 'm', 'other', g % 4 = 0 from generate_series(1, 200000) g`);
await db.execute(sql`insert into boonees (name, rarity, status, series, owner_id, claimed_at)
  select 'B' || g, (array['Common','Rare','Legendary'])[1 + g % 3]::rarity, 'Found', 'S' || (g % 10), 'u' || (1 + g % 200), now() from generate_series(1, 2000) g`);
// 50,000 items over every audience: all owners, each rarity, ten series, and single figures.
const items = Number(process.env.BENCH_ITEMS ?? 50_000);
await db.execute(sql`with figs as (select array_agg(id order by id) as ids from boonees)
  insert into exclusive_content (audience, audience_rarity, audience_series, boonee_id, title, created_at)
  select (array['all','rarity','series','boonee'])[1 + g % 4]::content_audience,
         case when g % 4 = 1 then (array['Common','Rare','Legendary'])[1 + g % 3]::rarity end,
         case when g % 4 = 2 then 'S' || (g % 10) end,
         case when g % 4 = 3 then figs.ids[1 + g % 2000] end,
         'C' || g, now() - make_interval(secs => g)
  from generate_series(1, ${items}) g, figs`);
await db.execute(sql`analyze`);

async function p95(label: string, fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(34)} p50 ${times[100].toFixed(2)} ms   p95 ${times[190].toFixed(2)} ms`);
}

const user = { id: "u7", role: "user" as const };
await p95("unread count (1,000 notifications)", () => countUnread(database, user.id));
await p95(`exclusive feed (${items.toLocaleString("en")} items)`, () => getExclusiveFeed(db, user));
console.log(
  `feed items returned: ${(await getExclusiveFeed(db, user)).items.length}, unread: ${await countUnread(database, user.id)}`,
);
await database.close();
const dropper = new pg.Client({ connectionString: server });
await dropper.connect();
await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await dropper.end();
