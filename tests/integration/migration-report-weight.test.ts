import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { migrationIndex, previousDatabase } from "./migration-support.ts";

describe(`migration report weight and placed_at on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("open reports of the previous release keep counting; public figures are placed at their creation; later status changes set it", async () => {
    const upTo = migrationIndex("_report_weight_placed_at");
    expect(upTo).toBeGreaterThan(0);
    const { db, upgrade } = await previousDatabase(upTo);
    await db.execute(sql`insert into profiles (id, name, email) values ('u1', 'Finder', 'f@example.test')`);
    await db.execute(sql`insert into boonees (id, name, status, created_at) values
      ('00000000-0000-4000-8000-000000000b01', 'Placed one', 'Placed', '2026-01-02T03:04:05Z'),
      ('00000000-0000-4000-8000-000000000b02', 'Draft one', 'Draft', '2026-01-02T03:04:05Z')`);
    await db.execute(
      sql`insert into figure_reports (boonee_id, reporter_id, kind) values ('00000000-0000-4000-8000-000000000b01', 'u1', 'missing')`,
    );

    await upgrade();

    expect(await queryRows(db, sql`select weight from figure_reports`)).toEqual([{ weight: "counted" }]);
    const placed = async () =>
      (
        await queryRows<{ name: string; placed: string | null }>(
          db,
          sql`select name, placed_at::text as placed from boonees order by name`,
        )
      ).map((r) => [r.name, r.placed === null ? null : new Date(r.placed).toISOString()]);
    expect(await placed()).toEqual([
      ["Draft one", null],
      ["Placed one", "2026-01-02T03:04:05.000Z"],
    ]);
    // Going public later sets it (the database's clock); a change between public statuses does not.
    await db.execute(sql`update boonees set status = 'Placed' where name = 'Draft one'`);
    await db.execute(sql`update boonees set status = 'Found' where name = 'Placed one'`);
    const [draft, kept] = await placed();
    expect(new Date(draft[1]!).getTime()).toBeGreaterThan(Date.parse("2026-01-03T00:00:00Z"));
    expect(kept[1]).toBe("2026-01-02T03:04:05.000Z");
    await expect(db.execute(sql`update figure_reports set weight = 'heavy'`)).rejects.toThrow();
  });
});
