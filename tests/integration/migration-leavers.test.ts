import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { getLeaderboards } from "../../server/domain/stats/public-leaderboard.ts";
import { migrationIndex, previousDatabase } from "./migration-support.ts";

describe(`migration deleted_and_blocked_leave on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("takes the accounts deleted or blocked before it off the leaderboards, and follows later changes", async () => {
    const upTo = migrationIndex("_deleted_and_blocked_leave");
    expect(upTo).toBeGreaterThan(0);
    const { db, upgrade } = await previousDatabase(upTo);
    await db.execute(sql`insert into profiles (id, name, email, deleted_at, blocked_at) values
      ('live', 'Lena', 'lena@example.test', null, null),
      ('gone', null, 'deleted-gone@deleted.invalid', now(), null),
      ('blocked', 'Bodo', 'bodo@example.test', null, now())`);
    await db.execute(sql`insert into boonees (name, status, rarity, owner_id, claimed_at)
      select 'Alt ' || o.id || i, 'Found', 'Legendary', o.id, now() from (values ('live', 1), ('gone', 3), ('blocked', 2)) as o(id, n), generate_series(1, o.n) as i`);

    await upgrade();

    const listed = await queryRows<{ user_id: string; listed: boolean; owned: number }>(
      db,
      sql`select user_id, listed, owned from owner_counts order by user_id`,
    );
    expect(listed).toEqual([
      { user_id: "blocked", listed: false, owned: 2 },
      { user_id: "gone", listed: false, owned: 3 },
      { user_id: "live", listed: true, owned: 1 },
    ]);
    expect((await getLeaderboards(db)).collectors.map((r) => [r.rank, r.name, r.count])).toEqual([[1, "Lena", 1]]);
    await db.execute(sql`update profiles set blocked_at = null where id = 'blocked'`);
    await db.execute(sql`update profiles set deleted_at = now(), name = null where id = 'live'`);
    expect((await getLeaderboards(db)).legends.map((r) => [r.rank, r.name, r.count])).toEqual([[1, "Bodo", 2]]);
  });
});
