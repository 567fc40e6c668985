import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";

// Migration 0009 upgrades a database that already holds figures: the series counters start equal to
// a recount, and nothing else changes. (The same SQL runs on PostgreSQL in every other test file.)
const migrations = fileURLToPath(new URL("../../server/db/migrations", import.meta.url));
const before = mkdtempSync(path.join(tmpdir(), "boonees-migrations-"));
afterAll(() => rmSync(before, { recursive: true, force: true }));

describe("migration 0009 on a database with figures", () => {
  it("backfills series_type_counts from the existing figure types", async () => {
    cpSync(migrations, before, { recursive: true });
    const journalPath = path.join(before, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const upTo = journal.entries.findIndex((e) => e.tag.startsWith("0009_"));
    journal.entries = journal.entries.slice(0, upTo);
    writeFileSync(journalPath, JSON.stringify(journal));

    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await db.execute(sql`insert into boonees (id, name, series, status, template_id)
      select md5('t' || g)::uuid, 'T' || g, 'S' || (g % 3),
             (case when g % 5 = 0 then 'Draft' when g % 7 = 0 then 'Hidden' else 'Placed' end)::boonee_status, null
      from generate_series(1, 60) g`);
    await db.execute(sql`insert into boonees (name, series, status, template_id)
      select 'I' || g, 'S' || (g % 3), 'Placed', md5('t' || (1 + g % 60))::uuid from generate_series(1, 200) g`);
    const figures = (await db.execute(sql`select count(*)::int as n from boonees`)).rows[0];

    await migrate(db, { migrationsFolder: migrations });
    const counters = (await db.execute(sql`select series, public_types as n from series_type_counts order by series`))
      .rows;
    const recount = (
      await db.execute(sql`select series, count(*)::int as n from boonees
        where template_id is null and series is not null and status not in ('Draft', 'Hidden') group by series order by series`)
    ).rows;
    expect(counters).toEqual(recount);
    expect(counters).toHaveLength(3);
    expect((await db.execute(sql`select count(*)::int as n from boonees`)).rows[0]).toEqual(figures);
    await client.close();
  });
});
