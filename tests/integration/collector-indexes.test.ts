import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../server/db/client.ts";
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
    const text = await plan(sql`select * from notifications where user_id = ${userId} order by created_at desc limit 200`);
    expect(text).toMatch(/notifications_user_created_idx/);
  });

  it("finds a user's figures for the exclusive feed by the owner index", async () => {
    const text = await plan(sql`select exists (select 1 from boonees where owner_id = ${userId})`);
    expect(text).toMatch(/boonees_owner_idx|boonees_rarity_owner_idx/);
    expect(text).not.toMatch(/Seq Scan on boonees/);
  });
});
