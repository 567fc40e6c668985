import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { exclusiveFeedQuery } from "../../server/domain/broadcasts/exclusive-feed.ts";
import { createTestServices, createUser, type TestServices } from "./harness.ts";

// The unread count and the exclusive feed must be able to use indexes (PostgreSQL's planner; PGlite
// runs the same SQL, so it is checked once, on PostgreSQL).
const onPostgres = !!process.env.TEST_DATABASE_URL;
let s: TestServices;
let userId = "";
beforeAll(async () => {
  if (!onPostgres) return;
  s = await createTestServices();
  userId = (await createUser(s)).id;
  await s.db.execute(sql`insert into notifications (user_id, title, message, type, read)
    select ${userId}, 'n' || g, 'm', 'other', g % 3 = 0 from generate_series(1, 1000) g`);
  // 5,000 figures of every rarity in a few series (the user owns ten of them) and 6,000 feed items of every audience
  await s.db.execute(sql`insert into boonees (name, rarity, status, series, owner_id, claimed_at)
    select 'B' || g, (array['Common','Rare','Legendary'])[1 + g % 3]::rarity, 'Found', 'S' || (g % 7), case when g <= 10 then ${userId} end, now()
    from generate_series(1, 5000) g`);
  await s.db.execute(sql`with figs as (select array_agg(id order by id) as ids from boonees)
    insert into exclusive_content (audience, audience_rarity, audience_series, boonee_id, title, created_at)
    select (array['all','rarity','series','boonee'])[1 + g % 4]::content_audience,
           case when g % 4 = 1 then (array['Common','Rare','Legendary'])[1 + g % 3]::rarity end,
           case when g % 4 = 2 then 'S' || (g % 7) end,
           case when g % 4 = 3 then figs.ids[1 + g % 5000] end,
           'C' || g, now() - make_interval(secs => g)
    from generate_series(1, 6000) g, figs`);
  await s.db.execute(sql`analyze`);
});
afterAll(async () => s?.close());

async function plan(query: ReturnType<typeof sql>) {
  return s.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ "QUERY PLAN": string }>(tx, sql`explain ${query}`);
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

describe.skipIf(!onPostgres)("collector queries use indexes", () => {
  it("counts unread notifications from the partial unread index", async () => {
    const text = await plan(sql`select count(*) from notifications where user_id = ${userId} and read = false`);
    expect(text).toMatch(/notifications_user_unread_idx/);
    expect(text).not.toMatch(/Seq Scan on notifications/);
  });

  it("lists notifications newest first from the (user, created_at) index", async () => {
    const text = await plan(
      sql`select * from notifications where user_id = ${userId} order by created_at desc limit 200`,
    );
    expect(text).toMatch(/notifications_user_created_idx/);
  });

  it("reads the exclusive feed from its indexes, never scanning all content", async () => {
    // real planner choices first (no seqscan switch): with 6,000 items a scan would be the cheap plan for an OR query
    const rows = await queryRows<{ "QUERY PLAN": string }>(s.db, sql`explain ${exclusiveFeedQuery(userId)}`);
    const text = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).not.toMatch(/Seq Scan on exclusive_content/);
    expect(text).not.toMatch(/Seq Scan on boonees/);
    expect(text).toMatch(/exclusive_content_all_idx/);
    expect(text).toMatch(/exclusive_content_rarity_idx/);
    expect(text).toMatch(/exclusive_content_series_idx/);
    expect(text).toMatch(/exclusive_content_boonee_idx/);
    expect(text).toMatch(/boonees_owner_idx/);
  });

  it("finds a user's figures for the exclusive feed by the owner index", async () => {
    const text = await plan(sql`select exists (select 1 from boonees where owner_id = ${userId})`);
    expect(text).toMatch(/boonees_owner_idx|boonees_rarity_owner_idx/);
    expect(text).not.toMatch(/Seq Scan on boonees/);
  });
});
