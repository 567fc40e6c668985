import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { migrationIndex, previousDatabase } from "./migration-support.ts";

describe(`migration sun_tag_counters on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("carries every bound tag's last accepted counter over as its UID's floor, and changes no tag", async () => {
    const upTo = migrationIndex("_sun_tag_counters");
    expect(upTo).toBeGreaterThan(0);
    const { db, upgrade } = await previousDatabase(upTo);
    await db.execute(sql`insert into boonees (id, name, status) values
      ('00000000-0000-4000-8000-000000000a01', 'Tapped', 'Placed'),
      ('00000000-0000-4000-8000-000000000a02', 'Unbound', 'Placed'),
      ('00000000-0000-4000-8000-000000000a03', 'Never tapped', 'Placed')`);
    await db.execute(sql`insert into tags (boonee_id, secret_code, tag_uid, sun_mode, sun_counter) values
      ('00000000-0000-4000-8000-000000000a01', 'MIGSUN0001', '04AA000000A001', 'master', 17),
      ('00000000-0000-4000-8000-000000000a02', 'MIGSUN0002', '04aa000000a002', null, 9),
      ('00000000-0000-4000-8000-000000000a03', 'MIGSUN0003', '04AA000000A003', 'master', null)`);
    const before = await queryRows<Record<string, unknown>>(db, sql`select * from tags order by secret_code`);

    await upgrade();

    expect(await queryRows(db, sql`select * from tags order by secret_code`)).toEqual(before);
    const floors = await queryRows<{ tag_uid: string; counter: number }>(
      db,
      sql`select tag_uid, counter from sun_tag_counters order by tag_uid`,
    );
    expect(floors).toEqual([
      { tag_uid: "04AA000000A001", counter: 17 },
      { tag_uid: "04AA000000A002", counter: 9 },
    ]);
  });
});
