import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { migrationIndex, previousDatabase } from "./migration-support.ts";

const DROP = "00000000-0000-4000-8000-0000000000f0";

describe(`migration cancelled_drop_figures on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("adds the cancelled drop's figure list to a live database, keeping every drop as it was", async () => {
    const upTo = migrationIndex("_cancelled_drop_figures");
    expect(upTo).toBeGreaterThan(0);
    const { db, upgrade } = await previousDatabase(upTo);
    await db.execute(
      sql`insert into drops (id, title_de, title_en, release_at, cancelled_at) values (${DROP}, 'Regen', 'Rain', now(), now())`,
    );
    const before = await queryRows<Record<string, unknown>>(db, sql`select * from drops`);

    await upgrade();

    const after = await queryRows<Record<string, unknown>>(db, sql`select * from drops`);
    expect(after.map((row) => Object.fromEntries(Object.keys(before[0]).map((k) => [k, row[k]])))).toEqual(before);
    expect(after[0].cancelled_figure_ids).toBeNull(); // dropped before this release: the list was not kept
  }, 180_000);
});
