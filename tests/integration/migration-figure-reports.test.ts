import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { migrationIndex, previousDatabase } from "./migration-support.ts";

describe(`migration figure_reports on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("keeps every figure as it was, with no public note, and takes reports afterwards", async () => {
    const upTo = migrationIndex("_figure_reports");
    expect(upTo).toBeGreaterThan(0);
    const { db, upgrade } = await previousDatabase(upTo);
    await db.execute(
      sql`insert into profiles (id, name, email) values ('u1', 'Finder', 'f@example.test'), ('u2', 'Other', 'o@example.test')`,
    );
    await db.execute(sql`insert into boonees (id, name, status, owner_id) values
      ('00000000-0000-4000-8000-000000000b01', 'Found one', 'Found', 'u1'),
      ('00000000-0000-4000-8000-000000000b02', 'Placed one', 'Placed', null)`);
    const before = await queryRows<Record<string, unknown>>(db, sql`select * from boonees order by name`);

    await upgrade();

    const after = await queryRows<Record<string, unknown>>(db, sql`select * from boonees order by name`);
    // placed_at and city_id: later migrations (0031, 0034) add them, filled from created_at and with the first city
    expect(
      after.map(({ reported_issue, reported_at, placed_at: _placed, city_id: _city, ...rest }) => [
        rest,
        reported_issue,
        reported_at,
      ]),
    ).toEqual(before.map((b) => [b, null, null]));
    await db.execute(
      sql`insert into figure_reports (boonee_id, reporter_id, kind) values ('00000000-0000-4000-8000-000000000b02', 'u1', 'missing')`,
    );
    await db.execute(sql`insert into boonee_stories (id, boonee_id, user_id, title, story) values
      ('00000000-0000-4000-8000-000000000c01', '00000000-0000-4000-8000-000000000b01', 'u1', 'Titel', 'Eine Geschichte.')`);
    await db.execute(
      sql`insert into story_photos (story_id, url) values ('00000000-0000-4000-8000-000000000c01', '/uploads/stories/x.webp')`,
    );
    // One open report per person and figure.
    await expect(
      db.execute(
        sql`insert into figure_reports (boonee_id, reporter_id, kind) values ('00000000-0000-4000-8000-000000000b02', 'u1', 'damaged')`,
      ),
    ).rejects.toThrow();
  });
});
