import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../server/db/client.ts";
import { migrationIndex, previousDatabase } from "./migration-support.ts";

// Migration 0036 (issue 38): every existing person stays named (hide_name false), every webhook endpoint keeps
// its one secret (no previous one), and hiding a name drops the cached public pages like a new name does.
describe(`migration open data follow-up on ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`, () => {
  it("keeps everyone named and every endpoint's secret; a hidden name announces a public change", async () => {
    const upTo = migrationIndex("_open_data_follow_up");
    expect(upTo).toBeGreaterThan(0);
    const { db, upgrade } = await previousDatabase(upTo);
    await db.execute(sql`insert into profiles (id, name, email) values ('ann', 'Ann', 'a@example.test')`);
    await db.execute(
      sql`insert into webhook_endpoints (url, events, secret) values ('https://hooks.example/x', '{figure.found}', 'whsec_alt')`,
    );

    await upgrade();

    expect(await queryRows(db, sql`select id, name, hide_name from profiles where id = 'ann'`)).toEqual([
      { id: "ann", name: "Ann", hide_name: false },
    ]);
    expect(
      await queryRows(db, sql`select secret, previous_secret, previous_secret_until from webhook_endpoints`),
    ).toEqual([{ secret: "whsec_alt", previous_secret: null, previous_secret_until: null }]);
    const triggers = await queryRows<{ def: string }>(
      db,
      sql`select pg_get_triggerdef(oid) as def from pg_trigger where tgname = 'profiles_public_changed'`,
    );
    expect(triggers).toHaveLength(1);
    expect(triggers[0].def).toMatch(/UPDATE OF name, hide_name ON/);
    const indexes = await queryRows<{ indexname: string }>(
      db,
      sql`select indexname from pg_indexes where indexname in ('claims_claimed_at_id_idx', 'boonee_stories_created_at_id_idx') order by 1`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(["boonee_stories_created_at_id_idx", "claims_claimed_at_id_idx"]);
  });
});
