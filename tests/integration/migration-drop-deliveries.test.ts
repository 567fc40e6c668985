import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { migrationIndex, previousDatabase } from "./migration-support.ts";

const DROP = "00000000-0000-4000-8000-0000000000d0";
const OTHER_DROP = "00000000-0000-4000-8000-0000000000d1";
const N_DROP = "00000000-0000-4000-8000-0000000000e0";
const N_HINT = "00000000-0000-4000-8000-0000000000e1";
const N_BROADCAST = "00000000-0000-4000-8000-0000000000e2";

describe(`migration drop_deliveries on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("names the drop of every queued drop and hint announcement, and of nothing else", async () => {
    const upTo = migrationIndex("_drop_deliveries");
    expect(upTo).toBeGreaterThan(0);
    const { db, upgrade } = await previousDatabase(upTo);
    await db.execute(sql`insert into profiles (id, name, email) values ('collector', 'Ina', 'ina@example.test')`);
    await db.execute(sql`insert into drops (id, title_de, title_en, release_at, released_at) values
      (${DROP}, 'Hafen', 'Harbour', now(), now()), (${OTHER_DROP}, 'Park', 'Park', now(), now())`);
    await db.execute(sql`insert into notifications (id, user_id, title, message, type, link) values
      (${N_DROP}, 'collector', '@dropReleased:x', 'x', 'drop', ${`/drops/${DROP}`}),
      (${N_HINT}, 'collector', '@dropHint:x', 'x', 'drop', ${`/drops/${DROP}`}),
      (${N_BROADCAST}, 'collector', 'News', 'x', 'content', ${`/drops/${OTHER_DROP}`})`);
    await db.execute(sql`insert into delivery_jobs (notification_id, user_id, channel, kind, title, message, link, status) values
      (${N_DROP}, 'collector', 'email', 'dropReleased', 't', 'm', ${`/drops/${DROP}`}, 'sent'),
      (${N_DROP}, 'collector', 'push', 'dropReleased', 't', 'm', ${`/drops/${DROP}`}, 'failed'),
      (${N_HINT}, 'collector', 'email', 'newHint', 't', 'm', ${`/drops/${DROP}`}, 'pending'),
      (${N_BROADCAST}, 'collector', 'email', 'content', 't', 'm', ${`/drops/${OTHER_DROP}`}, 'sent')`);
    const before = await queryRows<Record<string, unknown>>(db, sql`select * from delivery_jobs order by id`);

    await upgrade();

    const after = await queryRows<Record<string, unknown> & { drop_id: string | null; kind: string }>(
      db,
      sql`select * from delivery_jobs order by id`,
    );
    const kept = (row: Record<string, unknown>) => Object.fromEntries(Object.keys(before[0]).map((k) => [k, row[k]]));
    expect(after.map(kept)).toEqual(before);
    expect(after.map((j) => [j.kind, j.drop_id]).sort()).toEqual([
      ["content", null], // a link to a drop page does not make a broadcast a drop's announcement
      ["dropReleased", DROP],
      ["dropReleased", DROP],
      ["newHint", DROP],
    ]);
  });
});
