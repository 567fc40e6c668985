import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { migrationIndex, previousDatabase } from "./migration-support.ts";

// Decision 058: today's admins stay global (no rows), today's moderators keep what they see (every city);
// the previous release's broadcasts keep landing in the first city, a new one may reach every city (null).
describe(`migration city staff on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("gives every moderator every city, no admin a city, and lets a broadcast belong to no city", async () => {
    const upTo = migrationIndex("_city_staff");
    expect(upTo).toBeGreaterThan(0);
    const { db, upgrade } = await previousDatabase(upTo);
    await db.execute(sql`insert into profiles (id, name, email) values
      ('mod', 'Mod', 'm@example.test'), ('adm', 'Adm', 'a@example.test'), ('usr', 'Usr', 'u@example.test')`);
    await db.execute(sql`delete from user_roles where user_id in ('mod', 'adm', 'usr')`);
    await db.execute(
      sql`insert into user_roles (user_id, role) values ('mod', 'moderator'), ('adm', 'admin'), ('usr', 'user')`,
    );
    await db.execute(
      sql`insert into cities (slug, name_de, name_en, time_zone) values ('luebeck', 'Lübeck', 'Lubeck', 'Europe/Berlin')`,
    );
    await db.execute(sql`insert into exclusive_content (title) values ('Vorher')`);

    await upgrade();

    const cities = await queryRows<{ id: number }>(db, sql`select id from cities order by id`);
    expect(cities.length).toBe(2);
    expect(await queryRows(db, sql`select user_id, city_id from city_staff order by user_id, city_id`)).toEqual(
      cities.map((c) => ({ user_id: "mod", city_id: c.id })),
    );
    expect(await queryRows(db, sql`select city_id from exclusive_content`)).toEqual([{ city_id: 1 }]);
    // the previous release's insert (no city) still lands in the first city; a new one may be every city's
    await db.execute(sql`insert into exclusive_content (title) values ('Alt')`);
    await db.execute(sql`insert into exclusive_content (title, city_id) values ('Neu', null)`);
    expect(await queryRows(db, sql`select title, city_id from exclusive_content order by title`)).toEqual([
      { title: "Alt", city_id: 1 },
      { title: "Neu", city_id: null },
      { title: "Vorher", city_id: 1 },
    ]);
  });
});
