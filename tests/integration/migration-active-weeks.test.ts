import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { migrationIndex, previousDatabase } from "./migration-support.ts";

describe(`migration active_weeks on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("adds the table beside live data, changes no profile, and follows a deleted account", async () => {
    const upTo = migrationIndex("_active_weeks");
    expect(upTo).toBeGreaterThan(0);
    const { db, upgrade } = await previousDatabase(upTo);
    await db.execute(
      sql`insert into profiles (id, name, email) values ('week-user-1', 'Wanda', 'wanda@example.test'), ('week-user-2', 'Willi', 'willi@example.test')`,
    );
    const before = await queryRows<Record<string, unknown>>(db, sql`select * from profiles order by id`);

    await upgrade();

    // every column the profiles had keeps its value (later migrations add columns, e.g. 0036's hide_name)
    const after = await queryRows<Record<string, unknown>>(db, sql`select * from profiles order by id`);
    expect(after.map((row, i) => Object.fromEntries(Object.keys(before[i]).map((k) => [k, row[k]])))).toEqual(before);
    await db.execute(
      sql`insert into active_weeks (user_id, week) values ('week-user-1', '2026-11-23'), ('week-user-2', '2026-11-23')`,
    );
    await db.execute(
      sql`insert into active_weeks (user_id, week) values ('week-user-1', '2026-11-23') on conflict do nothing`,
    );
    await db.execute(sql`delete from profiles where id = 'week-user-2'`);
    expect(await queryRows(db, sql`select user_id, to_char(week, 'YYYY-MM-DD') as week from active_weeks`)).toEqual([
      { user_id: "week-user-1", week: "2026-11-23" },
    ]);
  });
});
