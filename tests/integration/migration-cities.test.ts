import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { migrationIndex, previousDatabase } from "./migration-support.ts";

// Decision 053: the data of a one-city deployment moves into the first city; follows are filled (a finder
// follows the city of their first find, everyone else the first city); the previous release's writes
// (no city column) keep landing in the first city.
describe(`migration cities on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("puts every figure, drop and broadcast into the first city and lets everyone follow it", async () => {
    const upTo = migrationIndex("_cities");
    expect(upTo).toBeGreaterThan(0);
    const { db, upgrade } = await previousDatabase(upTo);
    await db.execute(sql`insert into profiles (id, name, email) values
      ('finder', 'Finder', 'f@example.test'), ('reader', 'Reader', 'r@example.test')`);
    await db.execute(sql`insert into boonees (id, name, status, owner_id, claimed_at) values
      ('00000000-0000-4000-8000-000000000c01', 'Found one', 'Found', 'finder', '2026-01-02T03:04:05Z'),
      ('00000000-0000-4000-8000-000000000c02', 'Placed one', 'Placed', null, null)`);
    await db.execute(
      sql`insert into tags (boonee_id, secret_code) values ('00000000-0000-4000-8000-000000000c02', 'CODE2345')`,
    );
    await db.execute(
      sql`insert into figure_reports (boonee_id, reporter_id, kind) values ('00000000-0000-4000-8000-000000000c02', 'reader', 'missing')`,
    );
    await db.execute(sql`insert into drops (title_de, title_en, release_at) values ('Drop', 'Drop', now())`);
    await db.execute(sql`insert into exclusive_content (title) values ('Hallo')`);

    await upgrade();

    expect(await queryRows(db, sql`select id, slug, name_de, time_zone, active from cities`)).toEqual([
      { id: 1, slug: "kiel", name_de: "Kiel", time_zone: "Europe/Berlin", active: true },
    ]);
    for (const table of ["boonees", "drops", "exclusive_content"]) {
      const rows = await queryRows<{ city_id: number }>(db, sql`select city_id from ${sql.identifier(table)}`);
      expect(rows.length, table).toBeGreaterThan(0);
      expect(
        rows.every((r) => r.city_id === 1),
        table,
      ).toBe(true);
    }
    // tags and reports belong to the city through their figure
    expect(
      await queryRows(
        db,
        sql`select b.city_id from tags t join boonees b on b.id = t.boonee_id where t.secret_code = 'CODE2345'`,
      ),
    ).toEqual([{ city_id: 1 }]);
    expect(await queryRows(db, sql`select user_id, city_id from city_follows order by user_id`)).toEqual([
      { user_id: "finder", city_id: 1 },
      { user_id: "reader", city_id: 1 },
    ]);

    // The previous release writes without a city: its rows land in the first city; its sign-ups follow it.
    await db.execute(sql`insert into boonees (name) values ('Old release')`);
    await db.execute(sql`insert into profiles (id, name, email) values ('newcomer', 'New', 'n@example.test')`);
    expect(await queryRows(db, sql`select city_id from boonees where name = 'Old release'`)).toEqual([{ city_id: 1 }]);
    expect(await queryRows(db, sql`select city_id from city_follows where user_id = 'newcomer'`)).toEqual([
      { city_id: 1 },
    ]);

    // A first find in another city follows that city, once (an unfollow afterwards is kept).
    await db.execute(
      sql`insert into cities (slug, name_de, name_en, time_zone) values ('tokyo', 'Tokio', 'Tokyo', 'Asia/Tokyo')`,
    );
    await db.execute(sql`insert into boonees (id, name, status, city_id) values
      ('00000000-0000-4000-8000-000000000c03', 'Tokyo one', 'Placed', 2),
      ('00000000-0000-4000-8000-000000000c04', 'Tokyo two', 'Placed', 2)`);
    await db.execute(sql`update boonees set owner_id = 'reader' where id = '00000000-0000-4000-8000-000000000c03'`);
    expect(
      await queryRows(db, sql`select city_id from city_follows where user_id = 'reader' order by city_id`),
    ).toEqual([{ city_id: 1 }, { city_id: 2 }]);
    await db.execute(sql`delete from city_follows where user_id = 'reader' and city_id = 2`);
    await db.execute(sql`update boonees set owner_id = 'reader' where id = '00000000-0000-4000-8000-000000000c04'`);
    expect(await queryRows(db, sql`select city_id from city_follows where user_id = 'reader'`)).toEqual([
      { city_id: 1 },
    ]);
  });
});
